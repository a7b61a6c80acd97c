import { socialMessages } from './messages'

/** The social plugin's English strings: the buttons, its views and its messages. */
export const socialStrings = {
  'social.label': 'Social login',
  'social.continueWith': 'Continue with {provider}',
  'social.more': 'More',
  'social.all.title': 'Log in with',
  'social.connecting.title': 'Social login',
  'social.connecting.waiting': 'Continue in the {provider} window',
  'social.connecting.setupTitle': 'Set up your wallet',
  'social.connecting.recoverTitle': 'Recover your wallet',
  'social.connecting.frame': 'Follow the steps in the embedded wallet',
  'social.failed': 'The login could not be completed',
  'social.retry': 'Try again',
  'social.error.SOCIAL_POPUP_BLOCKED': socialMessages.SOCIAL_POPUP_BLOCKED,
  'social.error.SOCIAL_POPUP_CLOSED': socialMessages.SOCIAL_POPUP_CLOSED,
  'social.error.SOCIAL_LOGIN_FAILED': socialMessages.SOCIAL_LOGIN_FAILED,
  'social.error.SOCIAL_NOT_CONFIGURED': socialMessages.SOCIAL_NOT_CONFIGURED,
} as const satisfies Record<string, string>

/** Every key the social plugin uses, for a translation. */
export type SocialStringKey = keyof typeof socialStrings
