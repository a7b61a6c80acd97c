import type { ChainNamespace, Kernel } from 'latchkit'
import { sendSlice } from './slice'
import type { FeeEstimate } from './state'

export interface EstimateSendFeeParameters {
  namespace: ChainNamespace
  to: string
  value: bigint
  tokenAddress?: string | undefined
}

/**
 * The network fee of a send, from the adapter's `estimateFee`; undefined when the adapter
 * cannot estimate or the account is not connected. Rejects when the estimate fails (for
 * instance an amount the account cannot cover).
 *
 * @example
 * const fee = await estimateSendFee(kernel, { namespace: 'eip155', to: bob, value: 10n ** 18n })
 */
export async function estimateSendFee(
  kernel: Kernel,
  { namespace, to, value, tokenAddress }: EstimateSendFeeParameters,
): Promise<FeeEstimate | undefined> {
  const state = kernel.getState()
  const adapter = kernel.adapters.get(namespace)
  const network = state.networks[namespace]?.caipNetwork
  const from = state.accounts[namespace]?.address
  const connectorId = state.connectorIds[namespace]
  const connector = connectorId ? kernel.connectors.get(connectorId) : undefined
  if (!adapter?.estimateFee || !network || !from || !connector) return undefined
  const {
    fee,
    symbol,
    minimumBalance = 0n,
  } = await adapter.estimateFee({
    connector,
    network,
    from,
    to,
    value,
    ...(tokenAddress === undefined ? {} : { tokenAddress }),
  })
  return { fee, symbol, decimals: network.nativeCurrency.decimals, minimumBalance }
}

/**
 * Estimates the fee of a send and keeps it in the send slice's `fee` (undefined when the
 * adapter cannot estimate or the estimate fails, which is logged): the form and the review
 * both run it. Nothing is written once `stale()` says the view has moved on; then it
 * resolves to 'stale', else to whether a fee was found.
 *
 * @example
 * const status = await keepSendFee(kernel, { namespace, to, value }, () => !current)
 */
export async function keepSendFee(
  kernel: Kernel,
  params: EstimateSendFeeParameters,
  stale: () => boolean,
): Promise<'found' | 'failed' | 'stale'> {
  let fee: FeeEstimate | undefined
  try {
    fee = await estimateSendFee(kernel, params)
  } catch (reason) {
    if (stale()) return 'stale'
    kernel.logger.debug('fee estimate failed', reason)
  }
  if (stale()) return 'stale'
  sendSlice(kernel).set((draft) => {
    draft.fee = fee
  })
  return fee ? 'found' : 'failed'
}
