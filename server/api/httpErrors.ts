/**
 * The failures a route throws instead of answering itself; the app's error handler turns
 * each into a JSON `{ message }` with its status, so every route answers errors alike.
 * A message never carries more than {@link ECHO_LIMIT} characters of what the client sent:
 * echo input through {@link clip}.
 */

/** The request is wrong: a 400 whose message names the field and what it must be. */
export class BadRequest extends Error {
  override name = 'BadRequest'
}

/** The request is well formed but cannot be answered here: forbidden, not found, too large, not served, or upstream down. */
export class HttpFailure extends Error {
  override name = 'HttpFailure'
  constructor(
    readonly status: 403 | 404 | 413 | 501 | 502,
    message: string,
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
