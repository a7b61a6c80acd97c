import type { Kernel } from 'latchkit'
import { type PluginSliceAccess, pluginSlice } from 'latchkit/internal'
import { SWAPS_PLUGIN_ID } from './ids'
import type { SwapsState } from './state'

/**
 * The swaps plugin's slice of `kernel`; a ConfigError says what to add when the plugin is
 * not in the kernel's plugin list.
 *
 * @example
 * const { quote } = swapsSlice(kernel).get()
 */
export function swapsSlice(kernel: Kernel): PluginSliceAccess<SwapsState> {
  return pluginSlice<SwapsState>(kernel, SWAPS_PLUGIN_ID, "swaps() from 'latchkit/plugins/swaps'")
}
