import { type LatchErrorOptions, RpcError } from 'latchkit'
import { describeRpcCode } from 'latchkit/internal'

/** EIP-5792's error codes: the wallet could not take or find the bundle. */
export type SendCallsErrorCode = 5700 | 5710 | 5720 | 5730 | 5740 | 5750 | 5760

/**
 * A bundle of calls the wallet (or Latchkit, before asking it) refused for an EIP-5792
 * reason, with `rpcCode` 5700 to 5760 and `name` saying which: UnsupportedCapabilityError
 * (5700), UnsupportedChainIdError (5710), DuplicateIdError (5720), UnknownBundleIdError
 * (5730), BundleTooLargeError (5740), AtomicReadyWalletRejectedUpgradeError (5750),
 * AtomicityNotSupportedError (5760). `instanceof SendCallsError` holds for every error
 * Latchkit gives with one of those codes: the kernel's one table of wallet codes makes
 * them, so this class does not ride along in the code that sends the bundles.
 *
 * @example
 * try { await sendCalls(kernel, { calls, atomicRequired: true }) }
 * catch (error) { if (error instanceof SendCallsError && error.rpcCode === 5760) offerOneByOne() }
 */
export class SendCallsError extends RpcError {
  declare readonly rpcCode: SendCallsErrorCode

  static override [Symbol.hasInstance](value: unknown): boolean {
    const code = (value as RpcError | null)?.rpcCode
    return value instanceof RpcError && code !== undefined && code >= 5700 && code <= 5760 && code % 10 === 0
  }

  constructor(rpcCode: SendCallsErrorCode, options: Omit<LatchErrorOptions, 'code' | 'rpcCode'> = {}) {
    const kind = describeRpcCode(rpcCode)
    super(kind.message, { ...options, code: kind.code, rpcCode })
    this.name = kind.name
  }
}
