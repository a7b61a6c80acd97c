/**
 * An error the frame answers a request with: `<TYPE>_ERROR { message, code? }`. The
 * message is shown to the person, so it is written for them; `code` lets the widget (and
 * tests) tell cases apart: 4001 for a rejection, a string for the frame's own cases.
 */
export class FrameRequestError extends Error {
  override name = 'FrameRequestError'
  readonly code: string | number | undefined
  constructor(message: string, code?: string | number, options?: { cause?: unknown }) {
    super(message, options)
    this.code = code
  }
}

export const userRejected = () => new FrameRequestError('User rejected the request', 4001)
export const notAllowed = () => new FrameRequestError('Requested RPC call is not allowed')
export const notConnected = () =>
  new FrameRequestError('The embedded wallet is not connected', 'not_connected')
