import { isUserRejection, LatchError } from 'latchkit'
import { formatMessage } from 'latchkit/internal'
import { apiReason } from './apiReason'
import { type EnsMessageCode, ensMessages } from './messages'

/**
 * The error a names request ends with, for the visitor: the API's first reason when it
 * gave one ('alice.latch.id is already registered'), else our message for `code` with
 * `values` filled in ('Error registering name alice.latch.id'). A declined wallet prompt
 * is ENS_SIGNATURE_DECLINED whatever `code` says. The original is the `cause`.
 *
 * @example
 * throw ensFailure('ENS_REGISTER_FAILED', error, { name: 'alice.latch.id' })
 */
export function ensFailure(
  code: EnsMessageCode,
  error: unknown,
  values: Record<string, string> = {},
): LatchError {
  if (isUserRejection(error)) {
    return new LatchError(ensMessages.ENS_SIGNATURE_DECLINED, {
      code: 'ENS_SIGNATURE_DECLINED',
      cause: error,
    })
  }
  const reason = apiReason(error)
  return new LatchError(reason ?? formatMessage(ensMessages[code], values), {
    code,
    cause: error,
    ...(reason !== undefined && { details: 'the names API refused the request' }),
  })
}
