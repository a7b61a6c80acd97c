import type { Kernel } from '../kernelTypes'
import { loadModule } from '../loadModule'
import type { SignMessageParameters } from './run/signMessage'

export type { SignMessageErrorType, SignMessageParameters, SignMessageReturnType } from './run/signMessage'

/**
 * Asks the connected wallet to sign a plain-text message.
 *
 * @example
 * const signature = await signMessage(kernel, { message: 'Hello' })
 */
export async function signMessage(kernel: Kernel, params: SignMessageParameters): Promise<string> {
  // The work is imported on the first call: only a visitor who does it pays for it.
  const run = await loadModule(() => import('./run'), 'the code for signing')
  return run.signMessage(kernel, params)
}
