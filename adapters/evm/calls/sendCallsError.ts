import { type LatchErrorOptions, RpcError } from 'latchkit'
import { describeRpcCode, rpcCodes, toRpcError } from 'latchkit/internal'

/** EIP-5792's error codes: the wallet could not take or find the bundle. */
export type SendCallsErrorCode = 5700 | 5710 | 5720 | 5730 | 5740 | 5750 | 5760

/**
 * A bundle of calls the wallet (or Latchkit, before asking it) refused for an EIP-5792
 * reason, with `rpcCode` 5700 to 5760 and `name` saying which: UnsupportedCapabilityError
 * (5700), UnsupportedChainIdError (5710), DuplicateIdError (5720), UnknownBundleIdError
 * (5730), BundleTooLargeError (5740), AtomicReadyWalletRejectedUpgradeError (5750),
 * AtomicityNotSupportedError (5760).
 *
 * @example
 * try { await sendCalls(kernel, { calls, atomicRequired: true }) }
 * catch (error) { if (error instanceof SendCallsError && error.rpcCode === 5760) offerOneByOne() }
 */
export class SendCallsError extends RpcError {
  declare readonly rpcCode: SendCallsErrorCode

  constructor(rpcCode: SendCallsErrorCode, options: Omit<LatchErrorOptions, 'code' | 'rpcCode'> = {}) {
    const kind = describeRpcCode(rpcCode)
    super(kind.message, { ...options, code: kind.code, rpcCode })
    this.name = kind.name
  }
}

const isBundleCode = (code: number | undefined): code is SendCallsErrorCode =>
  code !== undefined &&
  code >= rpcCodes.UNSUPPORTED_NON_OPTIONAL_CAPABILITY &&
  code <= rpcCodes.ATOMICITY_NOT_SUPPORTED &&
  code % 10 === 0

/**
 * A wallet's failure as a Latchkit error: SendCallsError for 5700 to 5760, otherwise as
 * the kernel maps it everywhere (4001 UserRejectedRequestError, ...).
 *
 * @example
 * catch (error) { throw toSendCallsError(error) }
 */
export function toSendCallsError(error: unknown) {
  const mapped = toRpcError(error)
  if (mapped instanceof SendCallsError || !isBundleCode(mapped.rpcCode)) return mapped
  return new SendCallsError(mapped.rpcCode, { cause: error, details: mapped.details })
}

/**
 * True when the wallet does not know the method at all (-32601, 4200, -32004): a wallet
 * without EIP-5792, which gets the calls one at a time instead.
 *
 * @example
 * if (isMethodMissing(error)) return sendOneByOne()
 */
export function isMethodMissing(error: unknown): boolean {
  const code = toRpcError(error).rpcCode
  return (
    code === rpcCodes.METHOD_NOT_FOUND ||
    code === rpcCodes.UNSUPPORTED_METHOD ||
    code === rpcCodes.METHOD_NOT_SUPPORTED
  )
}
