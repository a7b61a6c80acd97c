/** The Farcaster login's errors, in English; translated as `farcaster.error.<code>`. */
export const farcasterMessages = {
  FARCASTER_EXPIRED: 'The sign-in request expired before it was approved',
  FARCASTER_NOT_CUSTODY: "The sign-in was not signed by the account's custody address",
  /** The wallet service has no Farcaster login configured (its 501 FARCASTER_NOT_CONFIGURED). */
  FARCASTER_NOT_CONFIGURED: 'Farcaster login is not available in this app',
} as const

export type FarcasterErrorCode = keyof typeof farcasterMessages
