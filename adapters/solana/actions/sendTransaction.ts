import { getBase58Decoder, getBase64Decoder, type Signature } from '@solana/kit'
import { type LatchError, type Network, ValidationError } from 'latchkit'
import { latchError, messages, toRpcError } from 'latchkit/internal'
import { isSolanaAddress } from '../address'
import { walletChainOf } from '../chains'
import { toCommitment } from '../commitment'
import type { SolanaRpc } from '../rpc'
import { callRpc } from '../rpcError'
import { parseSolanaSendOptions } from '../sendOptions'
import { buildTransferTransaction } from '../transferTransaction'
import { accountOf } from '../wallet'
import { callWallet } from '../walletErrors'
import {
  featureOf,
  SOLANA_SIGN_AND_SEND_TRANSACTION,
  SOLANA_SIGN_TRANSACTION,
  type SolanaTransactionOptions,
  type StandardWallet,
} from '../walletStandard'

export interface SendTransactionParameters {
  network: Network
  from: string
  to: string
  /** Amount in base units: lamports, or the token's smallest unit with `tokenAddress`. */
  value: bigint
  /** SPL mint address; absent for SOL. */
  tokenAddress?: string
  /**
   * signAndSend options: skipPreflight (boolean), preflightCommitment (one of
   * `solanaCommitments`), maxRetries and minContextSlot (numbers). Validated before
   * anything is built.
   */
  options?: unknown
}
/** The transaction signature, base58. */
export type SendTransactionReturnType = string
/**
 * ValidationError for bad options, addresses or amounts (raised before the wallet is asked
 * anything), UserRejectedRequestError when the visitor declines, mapped RPC errors
 * (a failed preflight is -32002).
 */
export type SendTransactionErrorType = LatchError

const U64_MAX = 2n ** 64n - 1n

function invalid(details: string): ValidationError {
  return new ValidationError(messages.VALIDATION_FAILED, { code: 'VALIDATION_FAILED', details })
}

/**
 * Sends SOL (`to` and `value` in lamports) or, with `tokenAddress`, an SPL token, signed by
 * the wallet: through `solana:signAndSendTransaction` when the wallet has it, else
 * `solana:signTransaction` and the adapter's own RPC. The receiver's associated token
 * account is created in the same transaction when it does not exist yet.
 *
 * @example
 * const signature = await sendTransaction(rpc, wallet, { network: solana, from, to, value: 10_000_000n })
 * await sendTransaction(rpc, wallet, { network: solana, from, to, value: 5_000_000n, tokenAddress: usdcMint,
 *   options: { preflightCommitment: 'confirmed' } })
 */
export async function sendTransaction(
  rpc: SolanaRpc,
  wallet: StandardWallet,
  parameters: SendTransactionParameters,
): Promise<SendTransactionReturnType> {
  // Everything local is checked before the wallet hears of the transaction.
  const options = parseSolanaSendOptions(parameters.options)
  const { from, to, value, tokenAddress, network } = parameters
  if (!isSolanaAddress(from)) throw invalid(`Not a Solana address: from ${from}`)
  if (!isSolanaAddress(to)) throw invalid(`Not a Solana address: to ${to}`)
  if (tokenAddress !== undefined && !isSolanaAddress(tokenAddress))
    throw invalid(`Not a mint address: ${tokenAddress}`)
  if (typeof value !== 'bigint' || value <= 0n || value > U64_MAX) {
    throw invalid('value must be a positive bigint of at most 2^64-1 base units')
  }
  const account = accountOf(wallet, from)
  const signAndSend = featureOf(wallet, SOLANA_SIGN_AND_SEND_TRANSACTION)
  const signOnly = featureOf(wallet, SOLANA_SIGN_TRANSACTION)
  const signer = signAndSend ?? signOnly
  if (!signer) throw toRpcError({ code: 4200, message: `${wallet.name} cannot sign Solana transactions` })

  const preflightCommitment = toCommitment(options.preflightCommitment)
  const versions = signer.supportedTransactionVersions
  const { bytes: transaction } = await buildTransferTransaction(rpc, {
    from,
    to,
    value,
    tokenAddress,
    // Versioned unless the wallet says it signs only legacy transactions.
    version: versions && !versions.includes(0) ? 'legacy' : 0,
    commitment: preflightCommitment,
    minContextSlot: options.minContextSlot,
  })
  const chain = walletChainOf(network)
  const walletOptions: SolanaTransactionOptions = {
    ...(options.skipPreflight !== undefined ? { skipPreflight: options.skipPreflight } : {}),
    ...(preflightCommitment ? { preflightCommitment } : {}),
    ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
    ...(options.minContextSlot !== undefined ? { minContextSlot: options.minContextSlot } : {}),
  }

  if (signAndSend) {
    const [output] = await callWallet(() =>
      signAndSend.signAndSendTransaction({ account, chain, transaction, options: walletOptions }),
    )
    if (!(output?.signature instanceof Uint8Array) || output.signature.length !== 64) {
      throw invalid('solana:signAndSendTransaction did not answer with a 64-byte signature')
    }
    return getBase58Decoder().decode(output.signature)
  }

  const signed = await callWallet(() =>
    (signOnly as NonNullable<typeof signOnly>).signTransaction({
      account,
      chain,
      transaction,
      options: { preflightCommitment, minContextSlot: options.minContextSlot },
    }),
  )
  const signedTransaction = signed[0]?.signedTransaction
  if (!(signedTransaction instanceof Uint8Array)) {
    throw latchError(
      'VALIDATION_FAILED',
      {},
      { details: 'solana:signTransaction did not answer with transaction bytes' },
    )
  }
  const signature: Signature = await callRpc(() =>
    rpc
      .sendTransaction(
        getBase64Decoder().decode(signedTransaction) as Parameters<SolanaRpc['sendTransaction']>[0],
        {
          encoding: 'base64',
          ...(options.skipPreflight !== undefined ? { skipPreflight: options.skipPreflight } : {}),
          ...(preflightCommitment ? { preflightCommitment } : {}),
          ...(options.maxRetries !== undefined ? { maxRetries: BigInt(options.maxRetries) } : {}),
          ...(options.minContextSlot !== undefined ? { minContextSlot: BigInt(options.minContextSlot) } : {}),
        },
      )
      .send(),
  )
  return signature
}
