import type { Draft } from 'immer'
import { ConfigError, type Kernel } from 'latchkit'
import { HISTORY_PLUGIN_ID, type HistoryState } from './state'

/** The history slice as the views and actions reach it: through the kernel they are given. */
export interface HistorySliceAccess {
  get(): HistoryState
  set(recipe: (draft: Draft<HistoryState>) => void): void
}

/**
 * The history plugin's slice of `kernel`. Throws a ConfigError that says what to add when
 * the plugin is not in the kernel's plugin list.
 *
 * @example
 * const { transactions, next } = historySlice(kernel).get()
 */
export function historySlice(kernel: Kernel): HistorySliceAccess {
  if (kernel.pluginState(HISTORY_PLUGIN_ID) === undefined) {
    throw new ConfigError('The history plugin is not installed', {
      code: 'INVALID_OPTIONS',
      details: "Add history() from 'latchkit/plugins/history' to createKernel({ plugins }).",
    })
  }
  return {
    get: () => kernel.pluginState<HistoryState>(HISTORY_PLUGIN_ID) as HistoryState,
    set(recipe) {
      kernel.store.setState((draft) => {
        recipe(draft.plugins[HISTORY_PLUGIN_ID] as Draft<HistoryState>)
      })
    },
  }
}
