/**
 * The failures a route throws instead of answering itself; the app's error handler
 * ({@link answerApiFailure}) turns each into the servers' one error shape, JSON
 * `{ code, message }` with its status (server/http/errorAnswer.ts), so every route answers
 * errors alike. `code` is a stable UPPER_SNAKE name for a failure a client acts on (e.g.
 * `SLIPPAGE_EXCEEDED`); a failure that names none gets its status's code (`BAD_REQUEST`,
 * `NOT_FOUND`, …). The message is for people. A message never carries more than
 * {@link ECHO_LIMIT} characters of what the client sent: echo input through {@link clip}.
 */
import type { Context } from 'hono'
import { answerError, codeForStatus } from '../http/errorAnswer.js'

/** The request is wrong: a 400 whose message names the field and what it must be. */
export class BadRequest extends Error {
  override name = 'BadRequest'
  constructor(
    message: string,
    /** Sent as `code` beside the message, when a client should tell this failure apart. */
    readonly code?: string,
  ) {
    super(message)
  }
}

/** The statuses a route may answer a failure with, besides a {@link BadRequest}'s 400. */
export type FailureStatus = 401 | 403 | 404 | 409 | 413 | 422 | 501 | 502

/**
 * The request is well formed but cannot be answered here: not signed by whom it claims
 * (401), forbidden, not found, in
 * conflict with the current state (409), not possible as asked (422), too large, not
 * served, or upstream down.
 */
export class HttpFailure extends Error {
  override name = 'HttpFailure'
  constructor(
    readonly status: FailureStatus,
    message: string,
    /** Sent as `code` beside the message, when a client should tell this failure apart. */
    readonly code?: string,
  ) {
    super(message)
  }
}

/** The longest message an error answer carries. */
const MESSAGE_LIMIT = 1000

/**
 * Answers a route's failure in the one error shape: its code (or its status's), its
 * clipped message.
 *
 * @example
 * app.onError((error, c) => (error instanceof HttpFailure ? answerApiFailure(c, error.status, error.message, error.code) : …))
 */
export function answerApiFailure(c: Context, status: number, message: string, code?: string) {
  return answerError(c, status, code ?? codeForStatus(status), clip(message, MESSAGE_LIMIT))
}

/** The most characters of client input an error message repeats. */
export const ECHO_LIMIT = 64

/**
 * A value from the client as an error message may repeat it: at most {@link ECHO_LIMIT}
 * characters, the cut marked with an ellipsis and the full length.
 *
 * @example clip('x'.repeat(1_000_000)) // 'xxx…(1000000 characters)' with 64 x
 */
export function clip(value: string, limit = ECHO_LIMIT): string {
  return value.length <= limit ? value : `${value.slice(0, limit)}…(${value.length} characters)`
}
