import { definePlugin, type Plugin, type PluginContext } from 'latchkit'
import { AUTH_NAMESPACES } from 'latchkit/internal'
import { authConnector } from './authConnector'
import { type AuthSessionSettings, createAuthSession } from './authSession'
import { authConnectorId, EMBEDDED_WALLET_FRAME_VIEW_ID, EMBEDDED_WALLET_PLUGIN_ID } from './ids'
import { checkOptions, type EmbeddedWalletOptions } from './options'
import { embeddedWalletStrings } from './strings'

/**
 * The embedded wallet: an EVM and a Solana account for people who have no wallet, with
 * keys made and kept by a frame on the frame service's origin (the host page never sees
 * them). It registers the AUTH connector for each of the app's EVM and Solana families and
 * offers the `embeddedWallet` service the login plugins (email) use; the frame loads the
 * first time a login starts or a stored login is restored after a reload.
 *
 * @example
 * import { embeddedWallet } from 'latchkit/plugins/embedded-wallet'
 * import { email } from 'latchkit/plugins/email'
 *
 * createKernel({
 *   networks: [mainnet, solana], adapters: [evmAdapter(), solanaAdapter()], projectId: 'my-project',
 *   plugins: [embeddedWallet({ frameUrl: 'https://wallet.example' }), email()],
 * })
 */
export function embeddedWallet(options: EmbeddedWalletOptions): Plugin<undefined> {
  checkOptions(options)
  return definePlugin({
    id: EMBEDDED_WALLET_PLUGIN_ID,
    setup: (ctx) => setupEmbeddedWallet(ctx, options),
  })
}

/**
 * The plugin's set-up: the session, a connector per configured family, the service, the
 * frame view and the account-state writes; returns the cleanup of the session (the kernel
 * undoes the rest). Tests pass their own frame runtime in `settings`.
 *
 * @example
 * definePlugin({ id: 'embeddedWallet', setup: (ctx) => setupEmbeddedWallet(ctx, { frameUrl }) })
 */
export function setupEmbeddedWallet(
  ctx: PluginContext<undefined>,
  settings: AuthSessionSettings,
): () => void {
  ctx.i18n.register(embeddedWalletStrings)
  const session = createAuthSession(ctx, settings)
  const name = ctx.i18n.t('embeddedWallet.name')
  const ours = (connectorId: string | undefined) =>
    AUTH_NAMESPACES.find((namespace) => authConnectorId(namespace) === connectorId)
  for (const namespace of AUTH_NAMESPACES) {
    if (ctx.kernel.networks(namespace).length > 0)
      ctx.connectors.register(authConnector(session, namespace, name))
  }
  ctx.services.add(EMBEDDED_WALLET_PLUGIN_ID, session)
  ctx.views.register({
    id: EMBEDDED_WALLET_FRAME_VIEW_ID,
    title: 'embeddedWallet.frameTitle',
    load: () => import('./views/EmbeddedWalletFrameView'),
  })
  // The user and the preferred account type join the account state once the kernel wrote the connection.
  ctx.bus.on('connect:success', ({ connectorId }) => {
    const namespace = ours(connectorId)
    if (namespace) session.showUser(namespace)
  })
  ctx.bus.on('reconnect:end', ({ restored }) => {
    for (const namespace of restored) {
      const family = ours(ctx.kernel.getState().connectorIds[namespace])
      if (family) session.showUser(family)
    }
  })
  // The session's frame and timers are ours; the registrations above are the kernel's to undo.
  return () => session.dispose()
}
