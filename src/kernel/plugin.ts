import type { Draft } from 'immer'
import { PluginError } from './errors'
import type { Kernel, KernelServices } from './kernel'

/** A plugin's own state slice, kept under its id in the kernel store. */
export interface PluginSlice<S> {
  get(): S
  set(recipe: (draft: Draft<S>) => void): void
  /** Back to the initial state. */
  reset(): void
  subscribe(listener: (state: S, previous: S) => void): () => void
}

/** Everything a plugin's `setup` receives: it never imports kernel globals. */
export interface PluginContext<S = undefined> extends KernelServices {
  /** The plugin's id. */
  id: string
  kernel: Kernel
  state: PluginSlice<S>
}

/**
 * A plugin: a config object with an id, what it requires and a setup that returns its
 * teardown. Ship it as a factory so integrators can pass options.
 *
 * @example
 * export const hello = (options: { name: string }) =>
 *   definePlugin({
 *     id: 'hello',
 *     setup(ctx) {
 *       ctx.views.register({ id: 'Hello', load: () => import('./HelloView') })
 *       return ctx.slots.contribute('features', { id: 'hello', label: options.name, view: 'Hello' })
 *     },
 *   })
 */
// biome-ignore lint/suspicious/noExplicitAny: a plugin list mixes plugins of every state type; with `unknown` here `Plugin<SendState>` would not fit `Plugin[]`, since setup's context takes S in both directions
export interface Plugin<S = any> {
  id: string
  /** Ids of plugins that must be in the same list. */
  requires?: readonly string[]
  /** Initial state of the plugin's slice. */
  initialState?: () => S
  /** Reset the slice when the last namespace disconnects (default true). */
  resetOnDisconnect?: boolean
  setup(ctx: PluginContext<S>): void | (() => void)
}

/** Identity function that types a plugin definition. */
export function definePlugin<S = undefined>(plugin: Plugin<S>): Plugin<S> {
  return plugin
}

/**
 * Orders plugins so that each comes after what it requires, and rejects duplicates and
 * missing requirements with a message that says what to add.
 */
export function orderPlugins(plugins: readonly Plugin[]): Plugin[] {
  const byId = new Map<string, Plugin>()
  for (const plugin of plugins) {
    if (byId.has(plugin.id)) {
      throw new PluginError(`Plugin "${plugin.id}" is in the plugin list twice`, {
        code: 'PLUGIN_DUPLICATE',
        details: `Remove one of the two "${plugin.id}" entries from options.plugins.`,
      })
    }
    byId.set(plugin.id, plugin)
  }
  for (const plugin of plugins) {
    for (const required of plugin.requires ?? []) {
      if (!byId.has(required)) {
        throw new PluginError(`Plugin "${plugin.id}" requires plugin "${required}"`, {
          code: 'PLUGIN_REQUIREMENT_MISSING',
          details: `Add the "${required}" plugin to options.plugins.`,
        })
      }
    }
  }
  const ordered: Plugin[] = []
  const state = new Map<string, 'visiting' | 'done'>()
  const visit = (plugin: Plugin, chain: string[]) => {
    const mark = state.get(plugin.id)
    if (mark === 'done') return
    if (mark === 'visiting') {
      throw new PluginError(`Plugins require each other in a circle: ${[...chain, plugin.id].join(' -> ')}`, {
        code: 'PLUGIN_REQUIREMENT_MISSING',
        details: 'Break the cycle: one of these plugins must not require the other.',
      })
    }
    state.set(plugin.id, 'visiting')
    for (const required of plugin.requires ?? []) visit(byId.get(required) as Plugin, [...chain, plugin.id])
    state.set(plugin.id, 'done')
    ordered.push(plugin)
  }
  for (const plugin of plugins) visit(plugin, [])
  return ordered
}
