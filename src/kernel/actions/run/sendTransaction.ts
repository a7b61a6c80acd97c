import { type LatchError, latchError, toRpcError } from '../../errors'
import type { Kernel } from '../../kernelTypes'
import type { ChainNamespace, TransactionSummary } from '../../types'
import { activeConnection } from '../activeConnection'
import { refreshBalance } from '../refreshBalance'
import { requireAdapter } from '../requireAdapter'

export interface SendTransactionParameters {
  to: string
  /** Amount in base units (wei, lamports, token units). */
  value: bigint
  /** Token contract or mint; absent for the native currency. */
  tokenAddress?: string
  /**
   * Call data (hex) for a contract call: the transaction calls `to` with it, sending
   * `value` along (a swap through a router, an approval). Never with `tokenAddress`.
   */
  data?: string
  namespace?: ChainNamespace
  /**
   * How the transaction reads in a list, passed on with `tx:sent` (an activity list shows
   * it as pending until it is mined).
   */
  summary?: TransactionSummary
  /** Chain-specific extras passed to the adapter (fees, Solana send options, ...). */
  [key: string]: unknown
}
export type SendTransactionReturnType = string
export type SendTransactionErrorType = LatchError

/** What `sendTransaction` (actions/sendTransaction.ts) does, loaded on its first call. */
export async function sendTransaction(kernel: Kernel, params: SendTransactionParameters): Promise<string> {
  const { namespace: _ignored, summary, to, value, tokenAddress, ...extra } = params
  const { namespace, connector, network, address } = activeConnection(kernel, params.namespace)
  const adapter = requireAdapter(kernel, namespace)
  if (!adapter.sendTransaction) {
    throw latchError('CHAIN_ADAPTER_NOT_FOUND', {}, { details: `${namespace} cannot send transactions` })
  }
  let hash: string
  try {
    hash = await adapter.sendTransaction({
      ...extra,
      connector,
      network,
      from: address,
      to,
      value,
      tokenAddress,
    })
  } catch (error) {
    throw toRpcError(error)
  }
  kernel.bus.emit('tx:sent', {
    namespace,
    caipNetworkId: network.caipNetworkId,
    hash,
    from: address,
    to,
    ...(summary && { summary }),
  })
  void refreshBalance(kernel, { namespace, force: true }).catch(() => {})
  return hash
}
