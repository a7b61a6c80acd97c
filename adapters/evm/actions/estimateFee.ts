import type { LatchError } from 'latchkit'
import { type Eip1193Provider, request } from '../provider'
import { readQuantity } from '../quantity'
import {
  buildTransactionRequest,
  type TransactionRequestParameters,
  toRpcTransaction,
} from '../transactionRequest'

export type EstimateFeeParameters = TransactionRequestParameters
/** The fee in the native currency's base units, and its symbol. */
export type EstimateFeeReturnType = { fee: bigint; symbol: string }
/** ValidationError for bad input (the fee rules included); the RPC's failure, mapped. */
export type EstimateFeeErrorType = LatchError

/**
 * Estimates what a send costs: the gas it needs (`eth_estimateGas`) times the network's
 * current gas price (`eth_gasPrice`), read through an RPC client for the network.
 *
 * @example
 * const rpc = createRpcClient(base.rpcUrls.default.http[0])
 * const { fee, symbol } = await estimateFee(rpc, { network: base, from, to, value: 1n })
 */
export async function estimateFee(
  rpc: Eip1193Provider,
  parameters: EstimateFeeParameters,
): Promise<EstimateFeeReturnType> {
  const { from, to, value, data } = toRpcTransaction(buildTransactionRequest(parameters))
  const [gas, gasPrice] = await Promise.all([
    request(rpc, { method: 'eth_estimateGas', params: [{ from, to, value, data }] }),
    request(rpc, { method: 'eth_gasPrice' }),
  ])
  return {
    fee: readQuantity(gas, 'eth_estimateGas') * readQuantity(gasPrice, 'eth_gasPrice'),
    symbol: parameters.network.nativeCurrency.symbol,
  }
}
