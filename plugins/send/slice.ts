import type { Draft } from 'immer'
import { ConfigError, type Kernel } from 'latchkit'
import { SEND_PLUGIN_ID, type SendState } from './state'

/** The send slice as the views and the action reach it: through the kernel they are given. */
export interface SendSliceAccess {
  get(): SendState
  set(recipe: (draft: Draft<SendState>) => void): void
}

/**
 * The send plugin's slice of `kernel`. Throws a ConfigError that says what to add when the
 * plugin is not in the kernel's plugin list.
 *
 * @example
 * const { sendTokenAmount } = sendSlice(kernel).get()
 */
export function sendSlice(kernel: Kernel): SendSliceAccess {
  if (kernel.pluginState(SEND_PLUGIN_ID) === undefined) {
    throw new ConfigError('The send plugin is not installed', {
      code: 'INVALID_OPTIONS',
      details: "Add send() from 'latchkit/plugins/send' to createKernel({ plugins }).",
    })
  }
  return {
    get: () => kernel.pluginState<SendState>(SEND_PLUGIN_ID) as SendState,
    set(recipe) {
      kernel.store.setState((draft) => {
        recipe(draft.plugins[SEND_PLUGIN_ID] as Draft<SendState>)
      })
    },
  }
}
