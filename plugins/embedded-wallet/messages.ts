import { LatchError } from 'latchkit'

/**
 * The frame client's messages by code. The two lower-case codes are the ones the
 * protocol names for the load and request timeouts, so logs and handlers match them.
 */
export const embeddedWalletMessages = {
  iframe_load_failed: 'Unable to load email login dependency',
  iframe_request_timeout: 'Embedded Wallet Request Timed Out',
  EMBEDDED_WALLET_ORIGIN_REFUSED: 'Invalid App Configuration',
  EMBEDDED_WALLET_REQUEST_FAILED: 'An error occurred',
  EMBEDDED_WALLET_RPC_ABORTED: 'Request was aborted',
  EMBEDDED_WALLET_ABORTED: 'Something went wrong',
  EMBEDDED_WALLET_CLOSED: 'The embedded wallet was closed',
  EMBEDDED_WALLET_BAD_ANSWER: 'An error occurred',
} as const

export type EmbeddedWalletErrorCode = keyof typeof embeddedWalletMessages

/**
 * A named error of the frame client; `details` says what happened for the log.
 *
 * @example
 * throw frameError('iframe_load_failed', 'no ready message within 20000 ms')
 */
export function frameError(code: EmbeddedWalletErrorCode, details?: string, cause?: unknown): LatchError {
  const options = { code, ...(details ? { details } : {}), ...(cause ? { cause } : {}) }
  return new LatchError(embeddedWalletMessages[code], options)
}

/**
 * The frame's `<TYPE>_ERROR` answer as an error: its message is shown to the person as
 * the frame wrote it, else 'An error occurred'; a numeric code (4001 for a rejection)
 * becomes the error's `rpcCode`.
 *
 * @example
 * frameAnswerError('RPC_REQUEST', { message: 'User rejected the request', code: 4001 })
 */
export function frameAnswerError(
  type: string,
  payload: { message?: string; code?: number | string },
): LatchError {
  const message = payload.message?.trim()
    ? payload.message
    : embeddedWalletMessages.EMBEDDED_WALLET_REQUEST_FAILED
  return new LatchError(message, {
    code: typeof payload.code === 'string' ? payload.code : 'EMBEDDED_WALLET_REQUEST_FAILED',
    details: `The embedded wallet answered ${type}_ERROR`,
    ...(typeof payload.code === 'number' ? { rpcCode: payload.code } : {}),
  })
}
