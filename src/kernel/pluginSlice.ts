import type { Draft } from 'immer'
import { ConfigError } from './errors'
import type { Kernel } from './kernelTypes'

/** A plugin's slice as its views and actions reach it: through the kernel they are given. */
export interface PluginSliceAccess<S> {
  get(): S
  set(recipe: (draft: Draft<S>) => void): void
}

/**
 * The slice a plugin keeps under `plugins[id]`. Throws a ConfigError that says what to add
 * when the plugin is not in the kernel's plugin list, so an action called without its
 * plugin fails with the fix rather than reading undefined.
 *
 * @example
 * const swaps = pluginSlice<SwapsState>(kernel, 'swaps', "swaps() from 'latchkit/plugins/swaps'")
 * swaps.set((draft) => { draft.sourceTokenAmount = '1' })
 */
export function pluginSlice<S>(kernel: Kernel, id: string, factory: string): PluginSliceAccess<S> {
  if (kernel.pluginState(id) === undefined) {
    throw new ConfigError(`The ${id} plugin is not installed`, {
      code: 'INVALID_OPTIONS',
      details: `Add ${factory} to createKernel({ plugins }).`,
    })
  }
  return {
    get: () => kernel.pluginState<S>(id) as S,
    set(recipe) {
      kernel.store.setState((draft) => {
        recipe(draft.plugins[id] as Draft<S>)
      })
    },
  }
}
