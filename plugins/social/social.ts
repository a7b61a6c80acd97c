import { ConfigError, definePlugin, type Plugin } from 'latchkit'
import { preloadable } from 'latchkit/react'
import { EMBEDDED_WALLET_SERVICE, SOCIAL_PLUGIN_ID, SOCIAL_VIEWS } from './ids'
import { isSocialProvider, SOCIAL_PROVIDERS, type SocialLoginProvider } from './providers'
import type { SocialState } from './state'
import { socialStrings } from './strings'

export interface SocialOptions {
  /**
   * The providers offered, in this order (the first gets the wide button, three more a
   * row, the rest are behind "More"). Default: google, x, discord, github, apple, facebook.
   * Each must be configured in the frame service.
   */
  providers?: readonly SocialLoginProvider[]
}

/**
 * Social login: the Connect view's provider buttons (after the email field, order 200).
 * A click opens the provider's login window at once, the person logs in there, and the
 * embedded wallet (which must be in the same list) makes, unlocks or recovers their
 * wallet; the provider is kept for the reconnect and shown as the account's
 * `socialProvider`.
 *
 * @example
 * import { embeddedWallet } from 'latchkit/plugins/embedded-wallet'
 * import { social } from 'latchkit/plugins/social'
 *
 * createKernel({ networks, adapters, projectId, plugins: [embeddedWallet({ frameUrl: 'https://wallet.example' }), social({ providers: ['google', 'github'] })] })
 */
export function social(options: SocialOptions = {}): Plugin<SocialState> {
  const providers = options.providers ?? SOCIAL_PROVIDERS
  const wrong = providers.filter((provider) => !isSocialProvider(provider))
  if (providers.length === 0 || wrong.length > 0 || new Set(providers).size !== providers.length) {
    throw new ConfigError('Invalid social options', {
      code: 'INVALID_OPTIONS',
      details: `providers must be a list without repeats of ${SOCIAL_PROVIDERS.join(', ')}${wrong.length > 0 ? ` (not ${wrong.join(', ')})` : ''}`,
    })
  }
  return definePlugin<SocialState>({
    id: SOCIAL_PLUGIN_ID,
    requires: [EMBEDDED_WALLET_SERVICE],
    initialState: () => ({ providers: [...providers] }),
    setup(ctx) {
      ctx.i18n.register(socialStrings)
      ctx.slots.contribute('connectMethods', {
        id: SOCIAL_PLUGIN_ID,
        order: 200,
        label: 'social.label',
        component: preloadable(() => import('./SocialEntry')),
      })
      ctx.views.register({
        id: SOCIAL_VIEWS.all,
        title: 'social.all.title',
        load: () => import('./views/ConnectSocialsView'),
      })
      ctx.views.register({
        id: SOCIAL_VIEWS.connecting,
        title: 'social.connecting.title',
        load: () => import('./views/ConnectingSocialView'),
      })
    },
  })
}
