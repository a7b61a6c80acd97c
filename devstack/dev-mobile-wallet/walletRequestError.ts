/**
 * An error the wallet answers a session request with: the EIP-1193 codes dapps test for.
 * Everything a request handler throws on purpose is one of these; anything else is
 * answered as an internal error with its message.
 */
import { getSdkError } from '@walletconnect/utils'

export class WalletRequestError extends Error {
  override readonly name = 'WalletRequestError'
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/** The person said no: 4001 with WalletConnect's USER_REJECTED message. */
export const userRejected = () => new WalletRequestError(4001, getSdkError('USER_REJECTED').message)
/** The request names an account the wallet does not hold. */
export const unauthorized = (what: string) =>
  new WalletRequestError(4100, `${what} is not an account of this wallet`)
export const unsupportedMethod = (method: string) =>
  new WalletRequestError(4200, `The wallet does not support ${method}`)
export const unknownChain = (chain: string) => new WalletRequestError(4902, `Unrecognized chain ${chain}`)
export const invalidParams = (message: string) => new WalletRequestError(-32602, message)

/**
 * The JSON-RPC error body for a thrown value.
 *
 * @example
 * await client.respond({ topic, response: { id, jsonrpc: '2.0', error: errorBody(error) } })
 */
export function errorBody(error: unknown): { code: number; message: string } {
  if (error instanceof WalletRequestError) return { code: error.code, message: error.message }
  const message = error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error)
  return { code: -32603, message }
}
