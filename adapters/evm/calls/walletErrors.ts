/**
 * How the bundle actions read and make a wallet's failures, through the kernel's one
 * table of wallet codes (toRpcError): 5700 to 5760 come out named per code, and
 * `instanceof SendCallsError` holds for them (sendCallsError.ts).
 */
import type { LatchError } from 'latchkit'
import { rpcCodes, toRpcError } from 'latchkit/internal'

/**
 * A refusal with one of EIP-5792's codes, made as the wallet's own would be.
 *
 * @example
 * throw bundleError(5760, 'The wallet cannot execute calls atomically')
 */
export function bundleError(
  code: 5700 | 5710 | 5720 | 5730 | 5740 | 5750 | 5760,
  details: string,
): LatchError {
  return toRpcError({ code, message: details })
}

/**
 * A wallet's failure as a Latchkit error, as the kernel maps it everywhere (4001
 * UserRejectedRequestError, 5760 AtomicityNotSupportedError, ...).
 *
 * @example
 * catch (error) { throw toSendCallsError(error) }
 */
export const toSendCallsError = (error: unknown): LatchError => toRpcError(error)

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
