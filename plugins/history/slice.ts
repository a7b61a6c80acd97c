import type { Kernel } from 'latchkit'
import { type PluginSliceAccess, pluginSlice } from 'latchkit/internal'
import { HISTORY_PLUGIN_ID } from './ids'
import type { HistoryState } from './state'

/** The history slice as the views and actions reach it: through the kernel they are given. */
export type HistorySliceAccess = PluginSliceAccess<HistoryState>

/**
 * The history plugin's slice of `kernel`. Throws a ConfigError that says what to add when
 * the plugin is not in the kernel's plugin list.
 *
 * @example
 * const { transactions, next } = historySlice(kernel).get()
 */
export function historySlice(kernel: Kernel): HistorySliceAccess {
  return pluginSlice<HistoryState>(kernel, HISTORY_PLUGIN_ID, "history() from 'latchkit/plugins/history'")
}
