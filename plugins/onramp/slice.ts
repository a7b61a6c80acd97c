import type { Kernel } from 'latchkit'
import { type PluginSliceAccess, pluginSlice } from 'latchkit/internal'
import { ONRAMP_PLUGIN_ID } from './ids'
import type { OnrampState } from './state'

/**
 * The on-ramp plugin's slice of `kernel`; a ConfigError says what to add when the plugin
 * is not in the kernel's plugin list.
 *
 * @example
 * const { purchase } = onrampSlice(kernel).get()
 */
export function onrampSlice(kernel: Kernel): PluginSliceAccess<OnrampState> {
  return pluginSlice<OnrampState>(kernel, ONRAMP_PLUGIN_ID, "onramp() from 'latchkit/plugins/onramp'")
}
