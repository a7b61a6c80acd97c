import type { Kernel } from 'latchkit'
import { type PluginSliceAccess, pluginSlice } from 'latchkit/internal'
import { SEND_PLUGIN_ID } from './ids'
import type { SendState } from './state'

/** The send slice as the views and the action reach it: through the kernel they are given. */
export type SendSliceAccess = PluginSliceAccess<SendState>

/**
 * The send plugin's slice of `kernel`. Throws a ConfigError that says what to add when the
 * plugin is not in the kernel's plugin list.
 *
 * @example
 * const { sendTokenAmount } = sendSlice(kernel).get()
 */
export function sendSlice(kernel: Kernel): SendSliceAccess {
  return pluginSlice<SendState>(kernel, SEND_PLUGIN_ID, "send() from 'latchkit/plugins/send'")
}
