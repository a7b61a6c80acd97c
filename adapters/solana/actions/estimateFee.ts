import { getBase64Decoder, getTransactionDecoder, type TransactionMessageBytesBase64 } from '@solana/kit'
import type { LatchError, Network } from 'latchkit'
import type { SolanaRpc } from '../rpc'
import { callRpc } from '../rpcError'
import { buildTransferTransaction } from '../transferTransaction'

export interface EstimateFeeParameters {
  network: Network
  from: string
  to: string
  value: bigint
  tokenAddress?: string
}
/**
 * What the send costs the sender besides the amount, in lamports, and 'SOL'; and
 * `minimumBalance`, the rent-exempt minimum the sender's account must keep (a transfer
 * that leaves less is refused by the network).
 */
export type EstimateFeeReturnType = { fee: bigint; symbol: string; minimumBalance: bigint }
export type EstimateFeeErrorType = LatchError

/** Token accounts are 165 bytes; opening one locks its rent-exempt minimum. */
const TOKEN_ACCOUNT_SIZE = 165n
/** A node's fee per signature, used when it no longer knows the blockhash. */
const LAMPORTS_PER_SIGNATURE = 5000n
/** A system account holds no data: its rent-exempt minimum is the one for 0 bytes. */
const SYSTEM_ACCOUNT_SIZE = 0n

/**
 * The cost of a transfer to the sender: the network fee of the exact transaction
 * (`getFeeForMessage`), plus the rent of the receiver's token account when the transfer
 * has to open it; and the rent-exempt minimum the sender must keep. Sending "Max" SOL
 * leaves both behind.
 *
 * @example
 * await estimateFee(rpc, { network: solana, from, to, value: 1_000_000n })
 * // { fee: 5000n, symbol: 'SOL', minimumBalance: 890880n }
 */
export async function estimateFee(
  rpc: SolanaRpc,
  parameters: EstimateFeeParameters,
): Promise<EstimateFeeReturnType> {
  const { bytes, createsTokenAccount } = await buildTransferTransaction(rpc, parameters)
  const { messageBytes, signatures } = getTransactionDecoder().decode(bytes)
  const message = getBase64Decoder().decode(messageBytes) as TransactionMessageBytesBase64
  const [{ value: networkFee }, rent, minimumBalance] = await Promise.all([
    callRpc(() => rpc.getFeeForMessage(message).send()),
    createsTokenAccount
      ? callRpc(() => rpc.getMinimumBalanceForRentExemption(TOKEN_ACCOUNT_SIZE).send())
      : 0n,
    callRpc(() => rpc.getMinimumBalanceForRentExemption(SYSTEM_ACCOUNT_SIZE).send()),
  ])
  const fee = (networkFee ?? LAMPORTS_PER_SIGNATURE * BigInt(Object.keys(signatures).length)) + rent
  return { fee, symbol: parameters.network.nativeCurrency.symbol, minimumBalance }
}
