import { address as toAddress } from '@solana/kit'
import { formatUnits, type LatchError, type Network, ValidationError } from 'latchkit'
import { messages } from 'latchkit/internal'
import { isSolanaAddress } from '../address'
import type { SolanaRpc } from '../rpc'
import { callRpc } from '../rpcError'

export interface GetBalanceParameters {
  address: string
  network: Network
  commitment?: 'processed' | 'confirmed' | 'finalized'
}
/** The balance in SOL (e.g. '1.5') and the currency symbol. */
export type GetBalanceReturnType = { balance: string; symbol: string }
/** The RPC's failure, mapped through toRpcError; ValidationError for a bad address. */
export type GetBalanceErrorType = LatchError

/**
 * Reads the SOL balance of `address` (lamports, formatted with the network's 9 decimals).
 *
 * @example
 * await getBalance(rpc, { address, network: solana }) // { balance: '1.5', symbol: 'SOL' }
 */
export async function getBalance(
  rpc: Pick<SolanaRpc, 'getBalance'>,
  { address, network, commitment = 'confirmed' }: GetBalanceParameters,
): Promise<GetBalanceReturnType> {
  if (!isSolanaAddress(address)) {
    throw new ValidationError(messages.VALIDATION_FAILED, {
      code: 'VALIDATION_FAILED',
      details: `Not a Solana address: ${address}`,
    })
  }
  const { value } = await callRpc(() => rpc.getBalance(toAddress(address), { commitment }).send())
  const { decimals, symbol } = network.nativeCurrency
  return { balance: formatUnits(value, decimals), symbol }
}
