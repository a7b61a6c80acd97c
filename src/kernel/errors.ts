/**
 * Every error Latchkit raises is a {@link LatchError}: a short message, a stable string
 * `code` to branch on, optional `details` and a walkable `cause`. Wallet and JSON-RPC
 * failures carry their numeric `rpcCode` too. Plugins and adapters raise their own codes
 * with their own messages (`new LatchError(message, { code })`); this file holds the
 * kernel's.
 */

/** The messages the kernel raises, keyed by the stable code that accompanies them. */
export const messages = {
  // Shown as a notice when the account's token balances cannot be read
  TOKEN_BALANCE_UNAVAILABLE: 'Token Balance Unavailable',
  DISCONNECT_FAILED: 'Failed to disconnect',
  DISCONNECT_CHAINS_FAILED: 'Failed to disconnect chains',
  PROJECT_ID_NOT_CONFIGURED: 'Project ID Not Configured',
  REQUEST_ABORTED: 'Request was aborted',
  NETWORK_NOT_FOUND: 'Network not found',
  CHAIN_ADAPTER_NOT_FOUND: 'Chain adapter not found',
  NO_ACTIVE_CAIP_ADDRESS: 'No ActiveCaipAddress found',
  NO_ACTIVE_CAIP_NETWORK: 'No ActiveCaipNetwork or client found',
  INVALID_CAIP10_ADDRESS: 'Invalid CAIP-10 address',
  INVALID_CAIP2_NETWORK_ID: 'Invalid CAIP-2 network id',
  // Wallet connection
  CHAIN_NOT_CONFIGURED: 'Chain not configured',
  CONNECTOR_ALREADY_CONNECTED: 'Connector already connected',
  CONNECTOR_NOT_CONNECTED: 'Connector not connected',
  CONNECTOR_NOT_FOUND: 'Connector not found',
  ACCOUNT_NOT_FOUND: 'Account not found',
  CHAIN_MISMATCH: 'Chain mismatch',
  UNSUPPORTED_CHAIN: 'Unsupported chain',
  // HTTP and API
  HTTP_STATUS: 'HTTP status code: {status}',
  NETWORK_REQUEST_FAILED: 'Network request failed',
  TOO_MANY_REDIRECTS: 'Too many redirects',
  API_NOT_CONFIGURED: 'No API endpoint configured',
  TIMEOUT: 'Request timed out',
  // Set-up (named errors for integrators)
  INVALID_OPTIONS: 'Invalid kernel options',
  PLUGIN_DUPLICATE: 'Duplicate plugin',
  PLUGIN_REQUIREMENT_MISSING: 'Plugin requirement missing',
  VALIDATION_FAILED: 'Invalid input',
} as const

/** A stable error code: the kernel's, or any string a plugin or adapter raises. */
export type ErrorCode = keyof typeof messages | (string & {})

/** Fills `{name}` placeholders of a catalogue message. */
export function formatMessage(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match))
}

export interface LatchErrorOptions {
  code?: ErrorCode
  cause?: unknown
  details?: string
  /** Numeric EIP-1193 / JSON-RPC / wallet-call code, when the failure came from one. */
  rpcCode?: number
  /** Structured data for logs and handlers (never rendered as HTML). */
  data?: unknown
  /** What the message's `{placeholders}` were filled with, so a locale can say it in its words. */
  values?: Record<string, string | number>
}

/**
 * The base class of every Latchkit error.
 *
 * @example
 * try { await connect(kernel, { connectorId: 'io.metamask' }) }
 * catch (error) { if (error instanceof UserRejectedRequestError) showDeclined() }
 */
export class LatchError extends Error {
  override name = 'LatchError'
  // `declare`: the constructor sets every one (in this order), so field definitions, which
  // the first bundle would carry, add nothing.
  declare readonly code: ErrorCode
  declare readonly shortMessage: string
  declare readonly details?: string
  declare readonly rpcCode?: number
  declare readonly data?: unknown
  declare readonly values?: Record<string, string | number>

  constructor(shortMessage: string, options: LatchErrorOptions = {}) {
    super(options.details ? `${shortMessage}\n\nDetails: ${options.details}` : shortMessage, {
      cause: options.cause,
    })
    this.code = options.code ?? 'UNKNOWN'
    this.shortMessage = shortMessage
    this.details = options.details
    this.rpcCode = options.rpcCode
    this.data = options.data
    this.values = options.values
  }

  /** Walks the `cause` chain and returns the first error `predicate` accepts. */
  walk(predicate?: (error: unknown) => boolean): unknown {
    let current: unknown = this
    const seen = new Set<unknown>()
    while (current && !seen.has(current)) {
      seen.add(current)
      if (predicate ? predicate(current) : !(current as Error).cause) return current
      current = (current as Error).cause
    }
    return predicate ? undefined : current
  }
}

/** Creates a LatchError whose message comes from the catalogue. */
export function latchError(
  code: keyof typeof messages,
  values?: Record<string, string | number>,
  options: Omit<LatchErrorOptions, 'code'> = {},
): LatchError {
  return new LatchError(formatMessage(messages[code], values), {
    ...options,
    code,
    ...(values && { values }),
  })
}

/** Bad kernel options or a misused API: the message says what to fix. */
export class ConfigError extends LatchError {
  override name = 'ConfigError'
}

/** A plugin list that cannot be installed (duplicate id, missing requirement). */
export class PluginError extends LatchError {
  override name = 'PluginError'
}

/** Input from outside (API, wallet, frame, storage, user) failed its schema or rule. */
export class ValidationError extends LatchError {
  override name = 'ValidationError'
}

/** A non-OK HTTP answer: 'HTTP status code: {status}'. */
export class HttpError extends LatchError {
  override name = 'HttpError'
  // Set by the constructor, as LatchError's are.
  declare readonly status: number
  declare readonly retryAfterMs?: number
  constructor(status: number, options: LatchErrorOptions & { retryAfterMs?: number } = {}) {
    super(formatMessage(messages.HTTP_STATUS, { status }), {
      code: 'HTTP_STATUS',
      values: { status },
      ...options,
    })
    this.status = status
    this.retryAfterMs = options.retryAfterMs
  }
}

/** A request that did not answer in time. */
export class TimeoutError extends LatchError {
  override name = 'TimeoutError'
  constructor(details?: string, options: LatchErrorOptions = {}) {
    super(messages.TIMEOUT, { code: 'TIMEOUT', details, ...options })
  }
}

/** A JSON-RPC or EIP-1193 provider error with its numeric code. */
export class RpcError extends LatchError {
  override name = 'RpcError'
}

/** The numeric EIP-1193, JSON-RPC and wallet-call codes, named. */
export const rpcCodes = {
  DEFAULT: 5000,
  INVALID_CHAIN_ID: 32603,
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  INVALID_INPUT: -32000,
  RESOURCE_NOT_FOUND: -32001,
  RESOURCE_UNAVAILABLE: -32002,
  TRANSACTION_REJECTED: -32003,
  METHOD_NOT_SUPPORTED: -32004,
  LIMIT_EXCEEDED: -32005,
  VERSION_UNSUPPORTED: -32006,
  USER_REJECTED: 4001,
  UNAUTHORIZED: 4100,
  UNSUPPORTED_METHOD: 4200,
  DISCONNECTED: 4900,
  CHAIN_DISCONNECTED: 4901,
  UNRECOGNIZED_CHAIN: 4902,
  UNSUPPORTED_NON_OPTIONAL_CAPABILITY: 5700,
  UNSUPPORTED_CHAIN_ID: 5710,
  DUPLICATE_ID: 5720,
  UNKNOWN_BUNDLE_ID: 5730,
  BUNDLE_TOO_LARGE: 5740,
  ATOMIC_READY_UPGRADE_REJECTED: 5750,
  ATOMICITY_NOT_SUPPORTED: 5760,
} as const

export interface RpcErrorKind {
  name: string
  code: ErrorCode
  message: string
}

/** One table maps every numeric code to a name, a stable code and a short message. */
const rpcErrorKinds: Record<number, RpcErrorKind> = {}
// Rows [rpcCode, name, code, message] with the number written out (its rpcCodes name in
// the comment above it): it ships in the first bundle, and objects keyed by rpcCodes'
// long names weighed more.
for (const [rpcCode, name, code, message] of [
  // DEFAULT
  [5000, 'UnknownRpcError', 'RPC_DEFAULT', 'An unknown RPC error occurred'],
  // INVALID_CHAIN_ID
  [32603, 'InvalidChainIdError', 'RPC_INVALID_CHAIN_ID', 'Invalid chain id'],
  // PARSE_ERROR
  [-32700, 'ParseRpcError', 'RPC_PARSE', 'Invalid JSON was received by the server'],
  // INVALID_REQUEST
  [-32600, 'InvalidRequestRpcError', 'RPC_INVALID_REQUEST', 'JSON is not a valid request object'],
  // METHOD_NOT_FOUND
  [-32601, 'MethodNotFoundRpcError', 'RPC_METHOD_NOT_FOUND', 'The method does not exist or is not available'],
  // INVALID_PARAMS
  [
    -32602,
    'InvalidParamsRpcError',
    'RPC_INVALID_PARAMS',
    'Invalid parameters were provided to the RPC method',
  ],
  // INTERNAL_ERROR
  [-32603, 'InternalRpcError', 'RPC_INTERNAL', 'An internal error was received'],
  // INVALID_INPUT
  [-32000, 'InvalidInputRpcError', 'RPC_INVALID_INPUT', 'Missing or invalid parameters'],
  // RESOURCE_NOT_FOUND
  [-32001, 'ResourceNotFoundRpcError', 'RPC_RESOURCE_NOT_FOUND', 'Requested resource not found'],
  // RESOURCE_UNAVAILABLE
  [-32002, 'ResourceUnavailableRpcError', 'RPC_RESOURCE_UNAVAILABLE', 'Requested resource not available'],
  // TRANSACTION_REJECTED
  [-32003, 'TransactionRejectedRpcError', 'RPC_TRANSACTION_REJECTED', 'Transaction creation failed'],
  // METHOD_NOT_SUPPORTED
  [-32004, 'MethodNotSupportedRpcError', 'RPC_METHOD_NOT_SUPPORTED', 'Method is not supported'],
  // LIMIT_EXCEEDED
  [-32005, 'LimitExceededRpcError', 'RPC_LIMIT_EXCEEDED', 'Request exceeds defined limit'],
  // VERSION_UNSUPPORTED
  [
    -32006,
    'JsonRpcVersionUnsupportedError',
    'RPC_VERSION_UNSUPPORTED',
    'Version of JSON-RPC protocol is not supported',
  ],
  // USER_REJECTED
  [4001, 'UserRejectedRequestError', 'USER_REJECTED', 'User rejected the request'],
  // UNAUTHORIZED
  [
    4100,
    'UnauthorizedProviderError',
    'UNAUTHORIZED',
    'The requested method and/or account has not been authorized by the user',
  ],
  // UNSUPPORTED_METHOD
  [
    4200,
    'UnsupportedProviderMethodError',
    'UNSUPPORTED_METHOD',
    'The provider does not support the requested method',
  ],
  // DISCONNECTED
  [
    4900,
    'ProviderDisconnectedError',
    'PROVIDER_DISCONNECTED',
    'The provider is disconnected from all chains',
  ],
  // CHAIN_DISCONNECTED
  [
    4901,
    'ChainDisconnectedError',
    'CHAIN_DISCONNECTED',
    'The provider is not connected to the requested chain',
  ],
  // UNRECOGNIZED_CHAIN
  [4902, 'SwitchChainError', 'UNRECOGNIZED_CHAIN', 'Unrecognized chain: add it to the wallet first'],
  // UNSUPPORTED_NON_OPTIONAL_CAPABILITY
  [
    5700,
    'UnsupportedCapabilityError',
    'UNSUPPORTED_CAPABILITY',
    'The wallet does not support a requested capability',
  ],
  // UNSUPPORTED_CHAIN_ID
  [
    5710,
    'UnsupportedChainIdError',
    'UNSUPPORTED_CHAIN_ID',
    'The wallet does not support the requested chain',
  ],
  // DUPLICATE_ID
  [5720, 'DuplicateIdError', 'DUPLICATE_ID', 'There is already a bundle submitted with this id'],
  // UNKNOWN_BUNDLE_ID
  [5730, 'UnknownBundleIdError', 'UNKNOWN_BUNDLE_ID', 'This bundle id is unknown'],
  // BUNDLE_TOO_LARGE
  [5740, 'BundleTooLargeError', 'BUNDLE_TOO_LARGE', 'The call bundle is too large'],
  // ATOMIC_READY_UPGRADE_REJECTED
  [
    5750,
    'AtomicReadyWalletRejectedUpgradeError',
    'UPGRADE_REJECTED',
    'The wallet rejected the upgrade to atomic execution',
  ],
  // ATOMICITY_NOT_SUPPORTED
  [
    5760,
    'AtomicityNotSupportedError',
    'ATOMICITY_UNSUPPORTED',
    'The wallet does not support atomic execution',
  ],
] as const)
  rpcErrorKinds[rpcCode] = { name, code, message }

/** Names an RPC code: the table's entry, or the default for unknown codes. */
export function describeRpcCode(rpcCode: number): RpcErrorKind {
  return rpcErrorKinds[rpcCode] ?? (rpcErrorKinds[rpcCodes.DEFAULT] as RpcErrorKind)
}

/** The user said no in the wallet (4001). */
export class UserRejectedRequestError extends RpcError {
  override name = 'UserRejectedRequestError'
  constructor(options: LatchErrorOptions = {}) {
    super(describeRpcCode(rpcCodes.USER_REJECTED).message, {
      code: 'USER_REJECTED',
      rpcCode: rpcCodes.USER_REJECTED,
      ...options,
    })
  }
}

/** The wallet does not know the chain (4902): add it, then switch. */
export class SwitchChainError extends RpcError {
  override name = 'SwitchChainError'
  constructor(options: LatchErrorOptions = {}) {
    super(describeRpcCode(rpcCodes.UNRECOGNIZED_CHAIN).message, {
      code: 'UNRECOGNIZED_CHAIN',
      rpcCode: rpcCodes.UNRECOGNIZED_CHAIN,
      ...options,
    })
  }
}

function readCode(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  // Some wallets wrap the real EIP-1193 error in a generic one, e.g.
  // { code: -32603, data: { originalError: { code: 4902 } } }: the inner code is the truth.
  const data = (error as { data?: { originalError?: unknown } }).data
  const nested = data?.originalError ? readCode(data.originalError) : undefined
  if (nested !== undefined) return nested
  const code = (error as { code?: unknown }).code
  return typeof code === 'number' && Number.isInteger(code) ? code : undefined
}

/** The `message` of anything thrown that has one (an Error, or a provider's plain object). */
function messageOf(error: unknown): string | undefined {
  return typeof error === 'object' && error && 'message' in error
    ? String((error as { message: unknown }).message)
    : undefined
}

/**
 * Maps anything a provider or RPC endpoint throws onto the error classes: the one place
 * where EIP-1193 and JSON-RPC codes become Latchkit errors.
 *
 * @example
 * catch (error) { throw toRpcError(error) } // 4001 -> UserRejectedRequestError
 */
export function toRpcError(error: unknown): LatchError {
  if (error instanceof LatchError) return error
  const rpcCode = readCode(error)
  // A provider's rejection (numeric code) made from a Latchkit error (its cause): that
  // error, so a view names it as before it crossed the provider boundary.
  const carried = (error as { cause?: unknown } | null)?.cause
  if (carried instanceof LatchError && rpcCode !== undefined) return carried
  const options = { cause: error, details: messageOf(error) }
  if (rpcCode === rpcCodes.USER_REJECTED) return new UserRejectedRequestError(options)
  if (rpcCode === rpcCodes.UNRECOGNIZED_CHAIN) return new SwitchChainError(options)
  // No code at all: the default kind's message and code, named a plain RpcError.
  const kind = describeRpcCode(rpcCode ?? rpcCodes.DEFAULT)
  const err = new RpcError(kind.message, { code: kind.code, rpcCode, ...options })
  if (rpcCode !== undefined) err.name = kind.name
  return err
}

/** True when `error` (or anything in its cause chain) is the user declining in the wallet. */
export function isUserRejection(error: unknown): boolean {
  let current = error
  for (let depth = 0; current && depth < 8; depth++) {
    if (readCode(current) === rpcCodes.USER_REJECTED || (current as LatchError).code === 'USER_REJECTED')
      return true
    current = (current as Error).cause
  }
  return false
}

/**
 * What an EIP-1193 provider's `request()` rejects with: a numeric `code` (4001, 4100,
 * 4200, 4900, 4901, 4902, -32602, ...), a `message` and optional `data`, the shape viem,
 * wagmi and dApps branch on. A provider Latchkit hands out keeps the Latchkit error it was
 * made from in `cause`.
 *
 * @example
 * throw new ProviderRpcError(4001, 'User rejected the request')
 */
export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  readonly code: number
  readonly data?: unknown

  constructor(code: number, message: string, options: { data?: unknown; cause?: unknown } = {}) {
    super(message, { cause: options.cause })
    this.code = code
    if (options.data !== undefined) this.data = options.data
  }
}

/**
 * The first error in the cause chain with a numeric code: a Latchkit error's `rpcCode`,
 * or a wallet's or node's own error (whose message and data `wallet` keeps).
 */
function wireCodeOf(
  error: unknown,
): { code: number; wallet?: { message?: unknown; data?: unknown } } | undefined {
  let current = error
  for (let depth = 0; current && depth < 8; depth++) {
    if (current instanceof LatchError) {
      if (current.rpcCode !== undefined) {
        const inner = wireCodeOf(current.cause)
        return inner?.code === current.rpcCode ? inner : { code: current.rpcCode }
      }
    } else {
      const code = readCode(current)
      if (code !== undefined) return { code, wallet: current as { message?: unknown; data?: unknown } }
    }
    current = (current as Error).cause
  }
  return undefined
}

/** The numeric code whose kind has this stable code ('USER_REJECTED' gives 4001). */
function rpcCodeOfKind(code: ErrorCode): number | undefined {
  for (const rpcCode of Object.values(rpcCodes)) {
    if (rpcCode !== rpcCodes.DEFAULT && rpcErrorKinds[rpcCode]?.code === code) return rpcCode
  }
  return undefined
}

/**
 * Turns anything a provider's handler threw into the ProviderRpcError its `request()`
 * rejects with: the one place Latchkit errors become EIP-1193 errors, the reverse of
 * `toRpcError`. The code is the first numeric one in the cause chain (a LatchError's
 * `rpcCode`, a wallet's or node's `code`), else the number of the LatchError's kind
 * ('USER_REJECTED' is 4001), else -32603; the message and `data` are the wallet's own when
 * it gave that code. A LatchError rides in `cause`, so `toRpcError` gives it back.
 *
 * @example
 * toProviderRpcError(new UserRejectedRequestError()).code // 4001
 */
export function toProviderRpcError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error
  const wire = wireCodeOf(error)
  const said = wire?.wallet?.message
  const walletData = wire?.wallet?.data
  if (error instanceof LatchError) {
    const code = wire?.code ?? rpcCodeOfKind(error.code) ?? rpcCodes.INTERNAL_ERROR
    return new ProviderRpcError(code, typeof said === 'string' && said ? said : error.shortMessage, {
      data: error.data ?? walletData,
      cause: error,
    })
  }
  const code = wire?.code ?? rpcCodes.INTERNAL_ERROR
  const message = typeof said === 'string' ? said : messageOf(error)
  return new ProviderRpcError(code, message || describeRpcCode(code).message, {
    data: walletData,
    cause: error,
  })
}

/**
 * The provider with a `request()` that rejects only with ProviderRpcError: wrap every
 * EIP-1193 provider a connector hands out in this, so viem, wagmi and dApps see numeric
 * codes whatever the provider's own code throws.
 *
 * @example
 * const provider = withProviderRpcErrors({ request: async ({ method }) => answer(method), on, removeListener })
 * // the connector: getProvider: () => provider
 */
export function withProviderRpcErrors<
  Provider extends { request(args: { method: string; params?: unknown }): Promise<unknown> },
>(provider: Provider): Provider {
  const request = provider.request.bind(provider)
  provider.request = (async (args: { method: string; params?: unknown }) => {
    try {
      return await request(args)
    } catch (error) {
      throw toProviderRpcError(error)
    }
  }) as Provider['request']
  return provider
}
