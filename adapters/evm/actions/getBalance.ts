import { type LatchError, messages, type Network, toRpcError, ValidationError } from 'latchkit'
import { formatUnits, getAddress, isAddress, type PublicClient } from 'viem'

export interface GetBalanceParameters {
  address: string
  network: Network
}
/** The balance in whole units (e.g. '1.5') and the currency symbol. */
export type GetBalanceReturnType = { balance: string; symbol: string }
/** The RPC's failure, mapped through toRpcError; ValidationError for a bad address. */
export type GetBalanceErrorType = LatchError

/**
 * Reads the native balance of `address` through a public client on `network`, formatted
 * with the network's currency decimals.
 *
 * @example
 * await getBalance(client, { address, network: mainnet }) // { balance: '1.5', symbol: 'ETH' }
 */
export async function getBalance(
  client: Pick<PublicClient, 'getBalance'>,
  { address, network }: GetBalanceParameters,
): Promise<GetBalanceReturnType> {
  if (!isAddress(address, { strict: false })) {
    throw new ValidationError(messages.VALIDATION_FAILED, {
      code: 'VALIDATION_FAILED',
      details: `Not an address: ${address}`,
    })
  }
  let wei: bigint
  try {
    wei = await client.getBalance({ address: getAddress(address) })
  } catch (error) {
    throw toRpcError(error)
  }
  const { decimals, symbol } = network.nativeCurrency
  return { balance: formatUnits(wei, decimals), symbol }
}
