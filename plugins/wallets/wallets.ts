import { definePlugin, lazyView, type Plugin } from 'latchkit'
import { preloadable } from 'latchkit/react'
import { type ComponentType, createElement, Suspense } from 'react'
import { WALLETS_PLUGIN_ID } from './ids'
import { checkOptions, type WalletsOptions } from './options'
import { DEFAULT_WALLETS_SETTINGS, type WalletsSettings, type WalletsState } from './state'
import { walletsStrings } from './strings'

type RowsModule = typeof import('./views/ConnectRows')

/**
 * One of the Connect view's row groups, loaded with the modal (or on first render). It
 * waits in its own Suspense (showing nothing), so the rest of the wallet list never waits
 * for it.
 */
function connectRows(name: 'FeaturedWallets' | 'RecommendedWallets' | 'AllWalletsRow'): ComponentType {
  const load = async (): Promise<{ default: ComponentType }> => {
    const module: RowsModule = await import('./views/ConnectRows')
    return { default: module[name] }
  }
  const Rows = preloadable(load)
  // Preloadable too, so the widget loads the rows with the modal, before the first click.
  return Object.assign(() => createElement(Suspense, { fallback: null }, createElement(Rows)), {
    preload: Rows.preload,
  })
}

/**
 * The wallet registry on the Connect view and an All wallets view: featured wallets (by
 * id, in the given order), four recommended ones from the registry's first page, and an
 * "All wallets" row with the registry's count that opens a searchable list read page by
 * page. A registry wallet installed in the browser (its rdns announced) connects directly;
 * any other through the `walletLinker` service (a WalletConnect plugin), or shows that it
 * needs one. Every registry request carries `includeWalletIds`, `excludeWalletIds` and
 * the app's networks as filters. The rows and the list load lazily.
 *
 * @example
 * import { wallets } from 'latchkit/plugins/wallets'
 * createKernel({ networks, adapters: [evmAdapter()], plugins: [wallets({ featuredWalletIds: [metaMaskId] })], api, projectId })
 */
export function wallets(options: WalletsOptions = {}): Plugin<WalletsState> {
  const chosen = checkOptions(options)
  let settings: WalletsSettings = { ...DEFAULT_WALLETS_SETTINGS, ...chosen }
  return definePlugin<WalletsState>({
    id: WALLETS_PLUGIN_ID,
    initialState: () => ({ settings }),
    setup(ctx) {
      ctx.i18n.register(walletsStrings)
      const chains = [...new Set(ctx.kernel.options.networks.map((network) => network.caipNetworkId))]
      settings = { ...settings, chains }
      ctx.state.set((state) => {
        state.settings.chains = chains
      })
      // The rows load with the Connect view's first render; an app that never opens the
      // modal never downloads them.
      const Featured = connectRows('FeaturedWallets')
      const Recommended = connectRows('RecommendedWallets')
      const AllWalletsRow = connectRows('AllWalletsRow')
      const groups = settings.collapseWallets
        ? []
        : [
            { id: 'featured', order: 400, component: Featured },
            { id: 'recommended', order: 700, component: Recommended },
          ]
      ctx.views.register({
        id: 'AllWallets',
        title: 'wallets.title',
        load: lazyView(ctx, () => import('./views/AllWalletsView')),
      })
      for (const group of groups) ctx.slots.contribute('connectorTypes', group)
      // After every group: the way to the whole registry.
      ctx.slots.contribute('connectorTypes', { id: 'allWallets', order: 800, component: AllWalletsRow })
    },
  })
}
