import { definePlugin, type Plugin } from 'latchkit'
import { preloadable } from 'latchkit/react'
import { EMBEDDED_WALLET_SERVICE, FARCASTER_PLUGIN_ID, FARCASTER_VIEWS } from './ids'
import { farcasterStrings } from './strings'

/**
 * Sign In With Farcaster onto the embedded wallet: a "Continue with Farcaster" button on
 * the Connect view (after the social buttons, order 210), and the ConnectingFarcaster
 * view with the sign-in request as a QR code and a link. The person approves in their
 * Farcaster app; the frame service checks the signature against the fid's custody
 * address on chain; the embedded wallet (which must be in the same list) makes, unlocks
 * or recovers their wallet. The account's `socialProvider` is 'farcaster' and its user
 * carries the Farcaster username and profile picture.
 *
 * @example
 * import { embeddedWallet } from 'latchkit/plugins/embedded-wallet'
 * import { farcaster } from 'latchkit/plugins/farcaster'
 *
 * createKernel({ networks, adapters, projectId, plugins: [embeddedWallet({ frameUrl: 'https://wallet.example' }), farcaster()] })
 */
export function farcaster(): Plugin {
  return definePlugin({
    id: FARCASTER_PLUGIN_ID,
    requires: [EMBEDDED_WALLET_SERVICE],
    setup(ctx) {
      ctx.i18n.register(farcasterStrings)
      ctx.slots.contribute('connectMethods', {
        id: FARCASTER_PLUGIN_ID,
        order: 210,
        label: 'farcaster.label',
        component: preloadable(() => import('./views/FarcasterEntry')),
      })
      ctx.views.register({
        id: FARCASTER_VIEWS.connecting,
        title: 'farcaster.connecting.title',
        load: () => import('./views/ConnectingFarcasterView'),
      })
    },
  })
}
