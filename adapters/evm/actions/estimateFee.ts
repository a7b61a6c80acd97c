import { type LatchError, toRpcError } from 'latchkit'
import type { PublicClient } from 'viem'
import { buildTransactionRequest, type TransactionRequestParameters } from '../transactionRequest'

export type EstimateFeeParameters = TransactionRequestParameters
/** The fee in the native currency's base units, and its symbol. */
export type EstimateFeeReturnType = { fee: bigint; symbol: string }
/** ValidationError for bad input (SPEC §5 fee rules included); the RPC's failure, mapped. */
export type EstimateFeeErrorType = LatchError

/**
 * Estimates what a send costs: the gas it needs times the network's current gas price,
 * both read from a public client.
 *
 * @example
 * const { fee, symbol } = await estimateFee(client, { network: base, from, to, value: 1n })
 */
export async function estimateFee(
  client: Pick<PublicClient, 'estimateGas' | 'getGasPrice'>,
  parameters: EstimateFeeParameters,
): Promise<EstimateFeeReturnType> {
  const { from, to, value, data } = buildTransactionRequest(parameters)
  try {
    const [gas, gasPrice] = await Promise.all([
      client.estimateGas({ account: from, to, value, data }),
      client.getGasPrice(),
    ])
    return { fee: gas * gasPrice, symbol: parameters.network.nativeCurrency.symbol }
  } catch (error) {
    throw toRpcError(error)
  }
}
