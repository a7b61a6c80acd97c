import { definePlugin, lazyView, type Plugin, WALLET_LINKER_SERVICE, type WalletLinker } from 'latchkit'
import { preloadable } from 'latchkit/react'
import { createSignClient } from './createSignClient'
import { WALLETCONNECT_PLUGIN_ID, WALLETCONNECT_VIEW_ID } from './ids'
import { WALLETCONNECT_NAMESPACES } from './namespaces'
import { checkOptions, type WalletConnectOptions } from './options'
import { sessionConnector } from './sessionConnector'
import { createSessionManager } from './sessionManager'
import { walletConnectStrings } from './strings'

/**
 * WalletConnect v2: connect a phone or desktop wallet by QR code or deep link, through
 * the relay you name (Latchkit's own `latchkit-server --relay`, or any v2 relay). One
 * session holds every configured chain family the wallet approves (EVM and Solana); it
 * survives a reload without a prompt, follows the wallet's account and chain changes and
 * its disconnect, and disconnecting ends it at the relay. The SDK (WalletConnect 2.21.8,
 * Apache-2.0) loads only when a visitor first pairs or a stored session is restored,
 * with telemetry off and the Verify API replaced (see `attestation`), so nothing is sent
 * anywhere but the relay. It also lets the all-wallets list connect wallets the page has
 * not installed.
 *
 * @example
 * import { walletConnect } from 'latchkit/plugins/walletconnect'
 *
 * const kernel = createKernel({
 *   networks: [mainnet, solana], adapters: [evmAdapter(), solanaAdapter()],
 *   metadata: { name: 'My app', url: 'https://app.example' },
 *   plugins: [walletConnect({ relayUrl: 'wss://relay.example/relay' })],
 * })
 */
export function walletConnect(options: WalletConnectOptions): Plugin<undefined> {
  checkOptions(options)
  return definePlugin({
    id: WALLETCONNECT_PLUGIN_ID,
    setup(ctx) {
      ctx.i18n.register(walletConnectStrings)
      const app = ctx.options.metadata
      const settings = {
        ...options,
        projectId: options.projectId ?? ctx.options.projectId ?? 'latchkit',
        metadata: options.metadata ?? {
          name: app?.name ?? 'Latchkit',
          ...(app?.description ? { description: app.description } : {}),
          ...(app?.url ? { url: app.url } : {}),
          ...(app?.icons ? { icons: app.icons } : {}),
        },
      }
      const sessions = createSessionManager(ctx.kernel, () => createSignClient(settings))
      const link: WalletLinker = (wallet) => ctx.router.push(WALLETCONNECT_VIEW_ID, { wallet })
      for (const namespace of WALLETCONNECT_NAMESPACES) {
        if (ctx.kernel.networks(namespace).length > 0)
          ctx.connectors.register(sessionConnector(ctx.kernel, sessions, namespace))
      }
      ctx.services.add(WALLETCONNECT_PLUGIN_ID, sessions)
      ctx.services.add(WALLET_LINKER_SERVICE, link)
      ctx.views.register({
        id: WALLETCONNECT_VIEW_ID,
        title: 'walletConnect.title',
        load: lazyView(ctx, () => import('./views/ConnectingWalletConnectView')),
      })
      ctx.slots.contribute('connectorTypes', {
        id: WALLETCONNECT_PLUGIN_ID,
        // First in the wallet list, before recent (200) and installed (300) wallets.
        order: 100,
        component: preloadable(() => import('./views/WalletConnectEntry')),
      })
      // The sign client and its socket are ours; the registrations above are the kernel's to undo.
      return () => sessions.dispose()
    },
  })
}
