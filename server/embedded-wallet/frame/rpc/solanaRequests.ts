/**
 * The Solana half of RPC_REQUEST, in the shapes the protocol names: messages base58,
 * transactions base64 wire transactions, signatures base58. Keys are @solana/kit key pairs
 * (WebCrypto Ed25519) made from the private key in the frame's memory; signAndSend sends
 * through the service's RPC.
 */
import {
  createKeyPairFromPrivateKeyBytes,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
  signBytes,
  type Transaction,
} from '@solana/kit'
import * as z from 'zod/mini'
import { FrameRequestError } from '../protocol/frameRequestError.js'
import type { ServiceClient } from '../serviceClient.js'
import { readParams } from './evmRequests.js'

const base58Text = z
  .string()
  .check(z.minLength(1), z.maxLength(100_000), z.regex(/^[1-9A-HJ-NP-Za-km-z]+$/, 'base58'))
const base64Text = z
  .string()
  .check(z.minLength(4), z.maxLength(100_000), z.regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64'))
const commitment = z.enum([
  'processed',
  'confirmed',
  'finalized',
  'recent',
  'single',
  'singleGossip',
  'root',
  'max',
])

export const signMessageParams = z.object({ message: base58Text, pubkey: z.optional(base58Text) })
export const signTransactionParams = z.object({ transaction: base64Text, pubkey: z.optional(base58Text) })
export const signAllTransactionsParams = z.object({
  transactions: z.array(base64Text).check(z.minLength(1), z.maxLength(32)),
  pubkey: z.optional(base58Text),
})
export const signAndSendParams = z.object({
  transaction: base64Text,
  pubkey: z.optional(base58Text),
  options: z.optional(
    z.strictObject({
      skipPreflight: z.optional(z.boolean()),
      preflightCommitment: z.optional(commitment),
      maxRetries: z.optional(z.number().check(z.int(), z.gte(0))),
      minContextSlot: z.optional(z.number().check(z.int(), z.gte(0))),
    }),
  ),
})

const base58 = { toText: getBase58Decoder(), toBytes: getBase58Encoder() }
const base64 = { toText: getBase64Decoder(), toBytes: getBase64Encoder() }

/** A base64 wire transaction decoded, or the invalid-params error. */
export function decodeWireTransaction(text: string): Transaction {
  try {
    return getTransactionDecoder().decode(base64.toBytes.encode(text))
  } catch {
    throw new FrameRequestError('Invalid params: not a base64 wire transaction', -32602)
  }
}

/** The message bytes of solana_signMessage. */
export function decodeBase58Message(text: string): Uint8Array {
  return new Uint8Array(base58.toBytes.encode(text))
}

function requireOwnKey(pubkey: string | undefined, own: string) {
  if (pubkey !== undefined && pubkey !== own) {
    throw new FrameRequestError('The request names an account this wallet does not hold', 4100)
  }
}

async function sign(transaction: Transaction, keyPair: CryptoKeyPair, own: string): Promise<Transaction> {
  if (!(own in transaction.signatures)) {
    throw new FrameRequestError('The transaction does not ask this wallet to sign', -32602)
  }
  return partiallySignTransaction([keyPair], transaction)
}

const wire = (transaction: Transaction) => base64.toText.decode(getTransactionEncoder().encode(transaction))

/**
 * Answers an approved Solana signing request.
 *
 * @example
 * const { signature } = await answerSolanaSigning({ method: 'solana_signMessage', params: { message } }, context)
 */
export async function answerSolanaSigning(
  request: { method: string; params: unknown },
  context: { privateKey: Uint8Array; address: string; caip2: string; service: ServiceClient },
): Promise<unknown> {
  const keyPair = await createKeyPairFromPrivateKeyBytes(context.privateKey)
  const own = context.address
  switch (request.method) {
    case 'solana_signMessage': {
      const { message, pubkey } = readParams(signMessageParams, request.params, request.method)
      requireOwnKey(pubkey, own)
      const signature = await signBytes(keyPair.privateKey, decodeBase58Message(message))
      return { signature: base58.toText.decode(signature) }
    }
    case 'solana_signTransaction': {
      const { transaction, pubkey } = readParams(signTransactionParams, request.params, request.method)
      requireOwnKey(pubkey, own)
      return { transaction: wire(await sign(decodeWireTransaction(transaction), keyPair, own)) }
    }
    case 'solana_signAllTransactions': {
      const { transactions, pubkey } = readParams(signAllTransactionsParams, request.params, request.method)
      requireOwnKey(pubkey, own)
      const signed: string[] = []
      for (const text of transactions)
        signed.push(wire(await sign(decodeWireTransaction(text), keyPair, own)))
      return { transactions: signed }
    }
    case 'solana_signAndSendTransaction': {
      const { transaction, pubkey, options } = readParams(signAndSendParams, request.params, request.method)
      requireOwnKey(pubkey, own)
      const signed = wire(await sign(decodeWireTransaction(transaction), keyPair, own))
      const signature = await context.service.rpc(context.caip2, 'sendTransaction', [
        signed,
        { encoding: 'base64', ...(options ?? {}) },
      ])
      return { signature }
    }
    default:
      throw new FrameRequestError('Requested RPC call is not allowed')
  }
}
