/** The email plugin's messages by code. */
export const emailMessages = {
  EMAIL_INVALID: 'Enter a valid email address',
  EMAIL_COOLDOWN: 'Please try again after {n} seconds',
  EMAIL_OTP_INVALID: 'Enter the 6-digit code',
  EMAIL_SAME_ADDRESS: 'That is already your email address',
  EMAIL_NOT_LOGGED_IN: 'Log in by email first',
} as const

export type EmailErrorCode = keyof typeof emailMessages
