import { farcasterMessages } from './messages'

/** The Farcaster plugin's English strings: the button, its view and its messages. */
export const farcasterStrings = {
  'farcaster.label': 'Farcaster',
  'farcaster.continue': 'Continue with Farcaster',
  'farcaster.connecting.title': 'Farcaster',
  'farcaster.connecting.preparing': 'Preparing the sign-in code',
  'farcaster.connecting.scan': 'Scan with your phone’s camera or your Farcaster app',
  'farcaster.connecting.qrLabel': 'QR code to sign in with Farcaster',
  'farcaster.connecting.waiting': 'Waiting for you to approve in Farcaster',
  'farcaster.connecting.open': 'Open Farcaster on this device',
  'farcaster.connecting.copy': 'Copy link',
  'farcaster.connecting.copied': 'Link copied',
  'farcaster.connecting.copyFailed': 'The link could not be copied',
  'farcaster.connecting.setupTitle': 'Set up your wallet',
  'farcaster.connecting.recoverTitle': 'Recover your wallet',
  'farcaster.connecting.frame': 'Follow the steps in the embedded wallet',
  'farcaster.failed': 'The sign-in could not be completed',
  'farcaster.retry': 'Try again',
  'farcaster.error.FARCASTER_EXPIRED': farcasterMessages.FARCASTER_EXPIRED,
  'farcaster.error.FARCASTER_NOT_CUSTODY': farcasterMessages.FARCASTER_NOT_CUSTODY,
  'farcaster.error.FARCASTER_NOT_CONFIGURED': farcasterMessages.FARCASTER_NOT_CONFIGURED,
} as const satisfies Record<string, string>

/** Every key the Farcaster plugin uses, for a translation. */
export type FarcasterStringKey = keyof typeof farcasterStrings
