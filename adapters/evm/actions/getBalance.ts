import { formatUnits, type LatchError, type Network, ValidationError } from 'latchkit'
import { messages } from 'latchkit/internal'
import { isAddress, toChecksumAddress } from '../address'
import { type Eip1193Provider, request } from '../provider'
import { readQuantity } from '../quantity'

export interface GetBalanceParameters {
  address: string
  network: Network
}
/** The balance in whole units (e.g. '1.5') and the currency symbol. */
export type GetBalanceReturnType = { balance: string; symbol: string }
/** The RPC's failure, mapped through toRpcError; ValidationError for a bad address or answer. */
export type GetBalanceErrorType = LatchError

/**
 * Reads the native balance of `address` (`eth_getBalance`) through an RPC client for
 * `network` (any EIP-1193 `request`, such as {@link createRpcClient}), formatted with the network's
 * currency decimals.
 *
 * @example
 * const rpc = createRpcClient(mainnet.rpcUrls.default.http[0])
 * await getBalance(rpc, { address, network: mainnet }) // { balance: '1.5', symbol: 'ETH' }
 */
export async function getBalance(
  rpc: Eip1193Provider,
  { address, network }: GetBalanceParameters,
): Promise<GetBalanceReturnType> {
  if (!isAddress(address, { strict: false })) {
    throw new ValidationError(messages.VALIDATION_FAILED, {
      code: 'VALIDATION_FAILED',
      details: `Not an address: ${address}`,
    })
  }
  const answer = await request(rpc, {
    method: 'eth_getBalance',
    params: [toChecksumAddress(address), 'latest'],
  })
  const { decimals, symbol } = network.nativeCurrency
  return { balance: formatUnits(readQuantity(answer, 'eth_getBalance'), decimals), symbol }
}
