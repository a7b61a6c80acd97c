/**
 * Signing for a Wallet Standard wallet that is really a `solana_*` JSON-RPC peer (the
 * embedded wallet's frame, a WalletConnect session): messages go out in base58,
 * transactions in base64, and signatures come back in base58. Each function runs the
 * inputs one after another, as the peer approves one request at a time, and gives the
 * Wallet Standard outputs; `request` sends one input's request with its encoded payload.
 * `who` names the peer in the error for an answer without the field, e.g. `wallet`.
 */
import { getBase58Codec, getBase64Codec } from '@solana/kit'
import { toRpcError } from 'latchkit/internal'

/** A string field of the peer's answer, or a named error when it lacks it. */
function answerField(result: unknown, name: string, method: string, who: string): string {
  const value = (result as Record<string, unknown> | null)?.[name]
  if (typeof value !== 'string' || value === '') {
    throw toRpcError({ code: -32603, message: `The ${who}'s answer to ${method} has no ${name}` })
  }
  return value
}

/**
 * `solana:signMessage` over `solana_signMessage`.
 *
 * @example
 * await rpcSignMessages(inputs, (_input, message) => send('solana_signMessage', { message }), 'wallet')
 */
export async function rpcSignMessages<I extends { message: Uint8Array }>(
  inputs: readonly I[],
  request: (input: I, message: string) => Promise<unknown>,
  who: string,
) {
  const base58 = getBase58Codec()
  const outputs = []
  for (const input of inputs) {
    const result = await request(input, base58.decode(input.message))
    const signature = base58.encode(answerField(result, 'signature', 'solana_signMessage', who))
    outputs.push({
      signedMessage: input.message,
      signature: new Uint8Array(signature),
      signatureType: 'ed25519' as const,
    })
  }
  return outputs
}

/**
 * `solana:signTransaction` over `solana_signTransaction`.
 *
 * @example
 * await rpcSignTransactions(inputs, (_input, transaction) => send('solana_signTransaction', { transaction }), 'wallet')
 */
export async function rpcSignTransactions<I extends { transaction: Uint8Array }>(
  inputs: readonly I[],
  request: (input: I, transaction: string) => Promise<unknown>,
  who: string,
) {
  const base64 = getBase64Codec()
  const outputs = []
  for (const input of inputs) {
    const result = await request(input, base64.decode(input.transaction))
    const signed = base64.encode(answerField(result, 'transaction', 'solana_signTransaction', who))
    outputs.push({ signedTransaction: new Uint8Array(signed) })
  }
  return outputs
}

/**
 * `solana:signAndSendTransaction` over `solana_signAndSendTransaction`.
 *
 * @example
 * await rpcSignAndSendTransactions(inputs, (_input, transaction) => send('solana_signAndSendTransaction', { transaction }), 'wallet')
 */
export async function rpcSignAndSendTransactions<I extends { transaction: Uint8Array }>(
  inputs: readonly I[],
  request: (input: I, transaction: string) => Promise<unknown>,
  who: string,
) {
  const base58 = getBase58Codec()
  const base64 = getBase64Codec()
  const outputs = []
  for (const input of inputs) {
    const result = await request(input, base64.decode(input.transaction))
    const signature = base58.encode(answerField(result, 'signature', 'solana_signAndSendTransaction', who))
    outputs.push({ signature: new Uint8Array(signature) })
  }
  return outputs
}
