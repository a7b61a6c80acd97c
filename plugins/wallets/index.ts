/**
 * latchkit/plugins/wallets: the wallet registry on the Connect view (featured and
 * recommended wallets, an "All wallets" row) and the All wallets view with search. Nothing
 * here runs at import; the rows and the list load when the modal first shows them.
 *
 * @example
 * import { wallets } from 'latchkit/plugins/wallets'
 * createKernel({ networks, adapters: [evmAdapter()], plugins: [wallets({ featuredWalletIds })], api, projectId })
 */

export type { FetchWalletsParameters, FetchWalletsReturnType } from './fetchWallets'
export { WALLETS_PLUGIN_ID } from './ids'
export type { WalletsOptions } from './options'
export type { WalletsSettings, WalletsState } from './state'
export { RECOMMENDED_WALLETS, WALLETS_PAGE_SIZE, WALLETS_SEARCH_GAP_MS, WALLETS_SEARCH_LIMIT } from './state'
export type { WalletsStringKey } from './strings'
export { walletsStrings } from './strings'
export { wallets } from './wallets'
