import { definePlugin, type Plugin } from 'latchkit'
import { preloadable } from 'latchkit/react'
import { EMBEDDED_WALLET_SERVICE, SOCIAL_PLUGIN_ID, SOCIAL_VIEWS } from './ids'
import { checkOptions, type SocialOptions } from './options'
import type { SocialState } from './state'
import { socialStrings } from './strings'

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
  const providers = checkOptions(options)
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
        component: preloadable(() => import('./views/SocialEntry')),
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
