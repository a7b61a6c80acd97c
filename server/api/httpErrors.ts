/**
 * The failures a route throws instead of answering itself; the app's error handler turns
 * each into a JSON `{ message, code? }` with its status, so every route answers errors
 * alike. `code` is a stable, machine-readable name for a failure a client acts on (e.g.
 * `SLIPPAGE_EXCEEDED`); the message is for people. A message never carries more than
 * {@link ECHO_LIMIT} characters of what the client sent: echo input through {@link clip}.
 */

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
