import type { KernelServices } from './kernelTypes'

// The kernel's parts hand back a remover from these methods and from no others, so a
// plugin's registrations are known by name (as Uppy's EventManager knows its listeners):
// bus.on/onAny, views/connectors.register, slots.contribute, services.add,
// i18n.register, router.addCloseGuard and every part's subscribe.
const REGISTERS = /^(on|onAny|add|register|contribute|subscribe|addCloseGuard)$/

type Methods = Record<string, (...args: unknown[]) => () => void>

/** A plugin's view of the kernel's parts, and the undoing of what it registered there. */
export interface PluginScope {
  /** The kernel's parts; every registration made through them is recorded. */
  parts: KernelServices
  /** Adds a cleanup of the owner's own (what a plugin's setup returned), run before the rest. */
  add(cleanup: unknown): void
  /**
   * Undoes every registration still in place, newest first; one that throws is logged and
   * the rest still go. What is registered later (a lazy view's strings arriving after the
   * plugin is gone) is undone at once.
   */
  dispose(): void
}

/**
 * Records what a plugin registers through its context so the kernel can undo it when the
 * plugin goes: the plugin returns a cleanup only for what it started itself. A remover the
 * plugin calls early still works, and is then forgotten.
 *
 * @example
 * const scope = createPluginScope(kernelServices)
 * scope.add(plugin.setup({ ...scope.parts, id, kernel, state, logger }))
 * scope.dispose() // the plugin's views, slots, handlers, services, connectors and strings are gone
 */
export function createPluginScope(parts: KernelServices): PluginScope {
  const removers = new Set<() => void>()
  let disposed = false
  const scoped: Record<string, Record<string, unknown>> = {}
  for (const name in parts) {
    const part = parts[name as keyof KernelServices] as unknown as Methods
    const copy: Record<string, unknown> = { ...part }
    scoped[name] = copy
    // No key of the options (plain data) has one of these names.
    for (const key in part) {
      if (REGISTERS.test(key)) {
        copy[key] = (...args: unknown[]) => {
          const remove = (part[key] as Methods[string])(...args)
          const once = () => {
            removers.delete(once)
            remove()
          }
          if (disposed) remove()
          else removers.add(once)
          return once
        }
      }
    }
  }
  return {
    parts: scoped as unknown as KernelServices,
    add: (cleanup) => typeof cleanup === 'function' && removers.add(cleanup as () => void),
    dispose() {
      disposed = true
      for (const remove of [...removers].reverse()) {
        try {
          remove()
        } catch (error) {
          parts.logger.error('a teardown threw', error)
        }
      }
    },
  }
}
