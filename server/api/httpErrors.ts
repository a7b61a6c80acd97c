/**
 * The failures a route throws instead of answering itself; the app's error handler turns
 * each into a JSON `{ message }` with its status, so every route answers errors alike.
 */

/** The request is wrong: a 400 whose message names the field and what it must be. */
export class BadRequest extends Error {
  override name = 'BadRequest'
}

/** The request is well formed but cannot be answered here: not found, not served, or upstream down. */
export class HttpFailure extends Error {
  override name = 'HttpFailure'
  constructor(
    readonly status: 404 | 501 | 502,
    message: string,
  ) {
    super(message)
  }
}
