/**
 * Why the frame service refused a request. Every refusal is JSON `{ code, message }` with
 * the code's status (and `details.retryAfter`, in seconds, for `RATE_LIMITED`), so the frame can
 * tell them apart without reading prose; the message is for people and repeats nothing
 * the caller sent. A login the service was not configured with (a social provider left
 * out, Farcaster) answers 501 `*_NOT_CONFIGURED`, as every Latchkit server answers an
 * absent feature, not 404: the route exists, the feature is absent.
 */
export const frameErrors = {
  BAD_REQUEST: { status: 400, message: 'The request is not what this endpoint takes' },
  UNKNOWN_PROJECT: { status: 404, message: 'No project with this id is configured' },
  ORIGIN_NOT_ALLOWED: { status: 403, message: 'This origin is not allowed for the project' },
  INVALID_OTP: { status: 400, message: 'The code is not right' },
  OTP_EXPIRED: { status: 400, message: 'The code has expired: ask for a new one' },
  OTP_USED: { status: 400, message: 'The code was already used: ask for a new one' },
  OTP_TOO_MANY_ATTEMPTS: { status: 400, message: 'Too many wrong tries for this code: ask for a new one' },
  OTP_NOT_FOUND: { status: 400, message: 'No code was sent for this email and device' },
  RATE_LIMITED: { status: 429, message: 'Too many requests' },
  NO_SESSION: { status: 401, message: 'No valid session: log in again' },
  SESSION_NOT_FRESH: { status: 401, message: 'The login is too old for this: log in again' },
  DEVICE_ID_REQUIRED: {
    status: 400,
    message: 'Name the device the session was made on in the Latchkit-Device-Id header',
  },
  DEVICE_MISMATCH: { status: 403, message: 'The session was made on another device' },
  WALLET_EXISTS: { status: 409, message: 'This user already has a wallet' },
  NO_WALLET: { status: 404, message: 'This user has no wallet yet' },
  NO_AUTH_SHARE: { status: 404, message: 'This device holds no share of the wallet: recover it' },
  EMAIL_TAKEN: { status: 409, message: 'Another user logs in with this email' },
  EMAIL_UNCHANGED: { status: 400, message: 'That is already the login email' },
  SOCIAL_NOT_CONFIGURED: { status: 501, message: 'This social login is not configured on this service' },
  SOCIAL_RESULT_INVALID: {
    status: 400,
    message: 'The social login result is unknown, expired, already used or for another device',
  },
  IDENTITY_TAKEN: { status: 409, message: 'This social account is already linked to another user' },
  NO_LOGIN_EMAIL: { status: 400, message: 'This user logs in with a social account, not by email' },
  PROVIDER_UNAVAILABLE: { status: 502, message: 'The social provider did not answer: try again later' },
  FARCASTER_NOT_CONFIGURED: { status: 501, message: 'Farcaster login is not configured on this service' },
  FARCASTER_FLOW_INVALID: {
    status: 400,
    message: 'The Farcaster sign-in is unknown, already used or for another device',
  },
  FARCASTER_FLOW_EXPIRED: { status: 400, message: 'The Farcaster sign-in has expired: start again' },
  FARCASTER_NOT_CUSTODY: {
    status: 403,
    message: "The Farcaster sign-in was not signed by the fid's custody address",
  },
  FARCASTER_SIGNIN_INVALID: {
    status: 400,
    message: 'The Farcaster sign-in message does not check out: start again',
  },
  RELAY_UNAVAILABLE: { status: 502, message: 'The Farcaster relay did not answer: try again later' },
  UNKNOWN_CHAIN: { status: 404, message: 'The service has no RPC for this chain' },
  CHAIN_UNAVAILABLE: { status: 502, message: 'The chain did not answer' },
  MAIL_UNAVAILABLE: { status: 503, message: 'The mail server is not reachable: try again later' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large' },
  NOT_FOUND: { status: 404, message: 'No such route' },
  INTERNAL: { status: 500, message: 'The frame service failed to answer' },
} as const

export type FrameErrorCode = keyof typeof frameErrors

/**
 * A refusal a route throws; the app's error handler answers it.
 *
 * @example
 * throw new FrameServiceError('NO_SESSION')
 */
export class FrameServiceError extends Error {
  override name = 'FrameServiceError'
  readonly status: number
  constructor(
    readonly code: FrameErrorCode,
    message?: string,
    /** For `RATE_LIMITED`: seconds until a new request may pass. */
    readonly retryAfter?: number,
  ) {
    super(message ?? frameErrors[code].message)
    this.status = frameErrors[code].status
  }
}
