/**
 * Answers a session's Solana requests with the fixture keypairs, in the page, in
 * WalletConnect's Solana request shapes: messages are base58, transactions base64 wire
 * transactions, signatures base58. signAndSendTransaction sends through the local endpoint.
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import {
  type Base64EncodedWireTransaction,
  createSolanaRpc,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type SignatureBytes,
  type Transaction,
} from '@solana/kit'
import type { SolanaFixtureAccount } from '../solana/fixtures'
import { invalidParams, unauthorized, unsupportedMethod } from './walletRequestError'

export interface SolanaRequestContext {
  /** Keypairs by base58 address, the selected one first. */
  accounts: readonly SolanaFixtureAccount[]
  rpcUrl: string
}

const base58 = { encode: getBase58Decoder(), decode: getBase58Encoder() }

const objectParams = (params: unknown, method: string): Record<string, unknown> => {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    throw invalidParams(`${method} takes an object of parameters`)
  }
  return params as Record<string, unknown>
}

function decodeTransaction(value: unknown): Transaction {
  if (typeof value !== 'string' || value.length === 0) throw invalidParams('transaction must be base64')
  try {
    return getTransactionDecoder().decode(getBase64Encoder().encode(value))
  } catch {
    throw invalidParams('transaction is not a base64 wire transaction')
  }
}

/** Signs with the first wallet key the transaction needs; returns it signed, with that signature. */
function signTransaction(transaction: Transaction, accounts: readonly SolanaFixtureAccount[]) {
  const signer = accounts.find((account) => account.address in transaction.signatures)
  if (!signer) throw unauthorized('No signer the transaction needs')
  const signature = ed25519.sign(new Uint8Array(transaction.messageBytes), signer.secretKey) as SignatureBytes
  const signed: Transaction = {
    ...transaction,
    signatures: { ...transaction.signatures, [signer.address]: signature },
  }
  const wire = getBase64Decoder().decode(getTransactionEncoder().encode(signed))
  return { signature: base58.encode.decode(signature), wire }
}

/**
 * Answers one Solana request, or throws a {@link WalletRequestError}.
 *
 * @example
 * const { signature } = await answerSolanaRequest({ method: 'solana_signMessage', params }, context)
 */
export async function answerSolanaRequest(
  request: { method: string; params?: unknown },
  context: SolanaRequestContext,
): Promise<unknown> {
  const { method, params } = request
  switch (method) {
    case 'solana_getAccounts':
    case 'solana_requestAccounts':
      return context.accounts.map((account) => ({ pubkey: account.address }))
    case 'solana_signMessage': {
      const { message, pubkey } = objectParams(params, method)
      if (typeof message !== 'string' || typeof pubkey !== 'string') {
        throw invalidParams('solana_signMessage takes { message, pubkey } in base58')
      }
      const account = context.accounts.find((candidate) => candidate.address === pubkey)
      if (!account) throw unauthorized(pubkey)
      let bytes: Uint8Array
      try {
        bytes = new Uint8Array(base58.decode.encode(message))
      } catch {
        throw invalidParams('message must be base58')
      }
      return { signature: base58.encode.decode(ed25519.sign(bytes, account.secretKey)) }
    }
    case 'solana_signTransaction': {
      const { transaction } = objectParams(params, method)
      const { signature, wire } = signTransaction(decodeTransaction(transaction), context.accounts)
      return { signature, transaction: wire }
    }
    case 'solana_signAndSendTransaction': {
      const { transaction, sendOptions } = objectParams(params, method)
      const { wire } = signTransaction(decodeTransaction(transaction), context.accounts)
      const options = (typeof sendOptions === 'object' && sendOptions !== null ? sendOptions : {}) as {
        skipPreflight?: unknown
      }
      const signature = await createSolanaRpc(context.rpcUrl)
        .sendTransaction(wire as Base64EncodedWireTransaction, {
          encoding: 'base64',
          ...(typeof options.skipPreflight === 'boolean' ? { skipPreflight: options.skipPreflight } : {}),
        })
        .send()
      return { signature }
    }
    default:
      throw unsupportedMethod(method)
  }
}
