/**
 * How the frame service answers a refusal: JSON `{ code, message }` with the code's status,
 * and `retryAfter` (also as the Retry-After header) when the caller should wait.
 */
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { type FrameErrorCode, frameErrors } from './errors.js'

/**
 * @example
 * if (script === undefined) return frameFailure(c, 'NOT_FOUND', 'The frame script is not built')
 */
export function frameFailure(c: Context, code: FrameErrorCode, message?: string, retryAfter?: number) {
  if (retryAfter !== undefined) c.header('Retry-After', String(retryAfter))
  return c.json(
    {
      code,
      message: message ?? frameErrors[code].message,
      ...(retryAfter !== undefined ? { retryAfter } : {}),
    },
    frameErrors[code].status as ContentfulStatusCode,
  )
}
