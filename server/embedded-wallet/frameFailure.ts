/**
 * How the frame service answers a refusal: the servers' one error shape, JSON
 * `{ code, message, details? }` (server/http/errorAnswer.ts) with the code's status, and
 * `details.retryAfter` (also as the Retry-After header) when the caller should wait.
 * `retryAfter` is also sent at the top level, where older frames read it, for one release.
 */
import type { Context } from 'hono'
import { answerError } from '../http/errorAnswer.js'
import { type FrameErrorCode, frameErrors } from './errors.js'

/**
 * @example
 * if (script === undefined) return frameFailure(c, 'NOT_FOUND', 'The frame script is not built')
 */
export function frameFailure(c: Context, code: FrameErrorCode, message?: string, retryAfter?: number) {
  if (retryAfter !== undefined) c.header('Retry-After', String(retryAfter))
  const wait = retryAfter !== undefined ? { retryAfter } : undefined
  return answerError(c, frameErrors[code].status, code, message ?? frameErrors[code].message, {
    ...(wait ? { details: wait, compat: wait } : {}),
  })
}
