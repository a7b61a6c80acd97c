import { ConfigError } from 'latchkit'
import { isSocialProvider, SOCIAL_PROVIDERS, type SocialLoginProvider } from './providers'

/** What `social(options)` takes. */
export interface SocialOptions {
  /**
   * The providers offered, in this order (the first gets the wide button, three more a
   * row, the rest are behind "More"). Default: google, x, discord, github, apple, facebook.
   * Each must be configured in the frame service.
   */
  providers?: readonly SocialLoginProvider[]
}

/**
 * The providers to offer, in order, or a ConfigError when the list is empty, repeats one
 * or names one the plugin does not know.
 *
 * @example
 * checkOptions({ providers: ['google', 'github'] }) // ['google', 'github']
 */
export function checkOptions(options: SocialOptions): readonly SocialLoginProvider[] {
  const providers = options.providers ?? SOCIAL_PROVIDERS
  const wrong = providers.filter((provider) => !isSocialProvider(provider))
  if (providers.length === 0 || wrong.length > 0 || new Set(providers).size !== providers.length) {
    throw new ConfigError('Invalid social options', {
      code: 'INVALID_OPTIONS',
      details: `providers must be a list without repeats of ${SOCIAL_PROVIDERS.join(', ')}${wrong.length > 0 ? ` (not ${wrong.join(', ')})` : ''}`,
    })
  }
  return providers
}
