/** The Farcaster login's errors, in English; translated as `farcaster.error.<code>`. */
export const farcasterMessages = {
  FARCASTER_EXPIRED: 'The sign-in request expired before it was approved',
  FARCASTER_NOT_CUSTODY: "The sign-in was not signed by the account's custody address",
} as const

export type FarcasterErrorCode = keyof typeof farcasterMessages
