/** The social accounts a person can log in with, in the default order. */
export const SOCIAL_PROVIDERS = ['google', 'x', 'discord', 'github', 'apple', 'facebook'] as const

export type SocialLoginProvider = (typeof SOCIAL_PROVIDERS)[number]

/** How each is named on its button. */
export const SOCIAL_PROVIDER_NAMES: Record<SocialLoginProvider, string> = {
  google: 'Google',
  x: 'X',
  discord: 'Discord',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
}

/**
 * Monogram colours for the buttons: no brand logos are shipped (their owners' marks), so
 * each provider gets its initial on a colour close to its own.
 */
export const SOCIAL_PROVIDER_COLORS: Record<SocialLoginProvider, string> = {
  google: '#4285f4',
  x: '#14171a',
  discord: '#5865f2',
  github: '#24292f',
  apple: '#000000',
  facebook: '#1877f2',
}

/**
 * @example isSocialProvider('google') // true
 */
export function isSocialProvider(value: unknown): value is SocialLoginProvider {
  return typeof value === 'string' && (SOCIAL_PROVIDERS as readonly string[]).includes(value)
}
