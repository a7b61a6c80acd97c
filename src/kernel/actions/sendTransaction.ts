import type { Kernel } from '../kernelTypes'
import { loadModule } from '../loadModule'
import type { SendTransactionParameters } from './run/sendTransaction'

export type {
  SendTransactionErrorType,
  SendTransactionParameters,
  SendTransactionReturnType,
} from './run/sendTransaction'

/**
 * Sends the native currency or a token from the connected account through the wallet,
 * then emits `tx:sent` and refreshes the balance.
 *
 * @example
 * const hash = await sendTransaction(kernel, { to: '0xabc...', value: 10n ** 18n })
 */
export async function sendTransaction(kernel: Kernel, params: SendTransactionParameters): Promise<string> {
  // The work is imported on the first call: only a visitor who does it pays for it.
  const run = await loadModule(() => import('./run'), 'the code for sending')
  return run.sendTransaction(kernel, params)
}
