/**
 * EIP-1193 errors as a real wallet returns them: an Error with a numeric `code`, the
 * standard message and optional `data`. dApps (and Latchkit's adapter) branch on `code`.
 */

/**
 * An EIP-1193 / JSON-RPC error thrown by the dev wallet's `request`.
 *
 * @example throw new ProviderRpcError(4001, 'User rejected the request.')
 */
export class ProviderRpcError extends Error {
  readonly code: number
  readonly data?: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.name = 'ProviderRpcError'
    this.code = code
    if (data !== undefined) this.data = data
  }
}

/**
 * The EIP-1193 and JSON-RPC codes the dev wallet answers with, and their standard messages.
 *
 * @example throw providerErrors.unrecognizedChain('0x7a6b') // code 4902
 */
export const providerErrors = {
  userRejected: () => new ProviderRpcError(4001, 'User rejected the request.'),
  unauthorized: () =>
    new ProviderRpcError(4100, 'The requested account and/or method has not been authorized by the user.'),
  unsupportedMethod: (method: string) =>
    new ProviderRpcError(4200, `The requested method is not supported by this Ethereum provider: ${method}`),
  disconnected: () => new ProviderRpcError(4900, 'The provider is disconnected from all chains.'),
  unrecognizedChain: (chainIdHex: string) =>
    new ProviderRpcError(
      4902,
      `Unrecognized chain ID "${chainIdHex}". Try adding the chain using wallet_addEthereumChain first.`,
    ),
  invalidParams: (message: string) => new ProviderRpcError(-32602, message),
  internal: (message: string, data?: unknown) => new ProviderRpcError(-32603, message, data),
} as const
