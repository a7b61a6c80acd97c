/** The social login's errors, in English; translated as `social.error.<code>`. */
export const socialMessages = {
  SOCIAL_POPUP_BLOCKED: 'The browser blocked the login window. Allow pop-ups for this site and try again.',
  SOCIAL_POPUP_CLOSED: 'The login window was closed before the login finished',
  SOCIAL_LOGIN_FAILED: 'The login was not completed',
  /** The wallet service has no such provider configured (its 501 SOCIAL_NOT_CONFIGURED). */
  SOCIAL_NOT_CONFIGURED: 'This login is not available in this app',
} as const

export type SocialErrorCode = keyof typeof socialMessages
