import { emailMessages } from './messages'

/** The email plugin's English strings: the connect field, its views and its messages. */
export const emailStrings = {
  'email.label': 'Email',
  'email.placeholder': 'Email',
  'email.continue': 'Continue',
  'email.sending': 'Sending…',
  'email.failed': 'Could not send the email',
  'email.device.title': 'Register this device',
  'email.device.body':
    'Approve the login link we emailed to {email}. This page goes on by itself once you have.',
  'email.device.waiting': 'Waiting for approval…',
  'email.device.failed': 'Could not check the approval',
  'email.retry': 'Try again',
  'email.otp.title': 'Confirm your email',
  'email.otp.body': 'Enter the 6-digit code we emailed to {email}.',
  'email.otp.digit': 'Digit {n} of 6',
  'email.otp.code': 'Code',
  'email.otp.checking': 'Checking…',
  'email.otp.resend': 'Resend code',
  'email.otp.resent': 'A new code is on its way',
  'email.otp.failed': 'Could not check the code',
  'email.wallet.setupTitle': 'Set up your wallet',
  'email.wallet.recoverTitle': 'Recover your wallet',
  'email.wallet.waiting': 'Follow the steps in the embedded wallet',
  'email.wallet.failed': 'The wallet could not be set up',
  'email.update.title': 'Update email',
  'email.update.current': 'Current email: {email}',
  'email.update.newAddress': 'New email',
  'email.update.primaryBody': 'Enter the 6-digit code we emailed to {email} (your current address).',
  'email.update.secondaryBody': 'Enter the 6-digit code we emailed to {email} (your new address).',
  'email.update.done': 'Your email is now {email}',
  'email.update.failed': 'Could not update the email',
  'email.error.EMAIL_INVALID': emailMessages.EMAIL_INVALID,
  'email.error.EMAIL_COOLDOWN': emailMessages.EMAIL_COOLDOWN,
  'email.error.EMAIL_OTP_INVALID': emailMessages.EMAIL_OTP_INVALID,
  'email.error.EMAIL_SAME_ADDRESS': emailMessages.EMAIL_SAME_ADDRESS,
  'email.error.EMAIL_NOT_LOGGED_IN': emailMessages.EMAIL_NOT_LOGGED_IN,
} as const satisfies Record<string, string>

/** Every key the email plugin uses, for a translation. */
export type EmailStringKey = keyof typeof emailStrings
