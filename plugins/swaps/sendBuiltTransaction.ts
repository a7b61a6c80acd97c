import {
  type Kernel,
  type Network,
  sendTransaction,
  type TransactionSummary,
  ValidationError,
} from 'latchkit'
import { type SwapsMessageCode, swapsMessages } from './messages'
import type { BuiltTransaction } from './swapSchemas'

/**
 * Has the wallet send a transaction the swap API built (an approval or the swap), then
 * waits until it is mined. A transaction that reverts throws a ValidationError with
 * `revertedCode`; the wallet's refusal is thrown as the kernel maps it
 * (`isUserRejection(error)` is true).
 *
 * @example
 * const hash = await sendBuiltTransaction(kernel, network, tx, { operation: 'approve', symbol: 'LUSD' }, 'SWAP_APPROVAL_REVERTED')
 */
export async function sendBuiltTransaction(
  kernel: Kernel,
  network: Network,
  tx: BuiltTransaction,
  summary: TransactionSummary,
  revertedCode: SwapsMessageCode,
): Promise<string> {
  const gas = tx.eip155?.gas
  const hash = await sendTransaction(kernel, {
    namespace: network.chainNamespace,
    to: tx.to,
    value: BigInt(tx.value ?? tx.amount ?? '0'),
    data: tx.data,
    ...(gas !== undefined && { gas: BigInt(gas) }),
    summary,
  })
  const adapter = kernel.adapters.get(network.chainNamespace)
  const status = await adapter?.waitForTransaction?.({ hash, network })
  if (status === 'reverted') {
    throw new ValidationError(swapsMessages[revertedCode], { code: revertedCode, details: hash })
  }
  return hash
}
