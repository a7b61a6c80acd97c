/** The wallets plugin's id, its state's shape and its settings. */

/** The all-wallets list reads the registry in pages of this many. */
export const WALLETS_PAGE_SIZE = 40
/** A search shows at most this many wallets. */
export const WALLETS_SEARCH_LIMIT = 100
/** Search requests go out at least this far apart, and this long after the last keystroke. */
export const WALLETS_SEARCH_GAP_MS = 300
/** How many recommended wallets the Connect view shows. */
export const RECOMMENDED_WALLETS = 4

/**
 * The integrator's choices, as the views read them.
 *
 * @example
 * const settings: WalletsSettings = { featuredWalletIds: [id], includeWalletIds: [], excludeWalletIds: [], collapseWallets: false, chains: ['eip155:1'] }
 */
export interface WalletsSettings {
  featuredWalletIds: readonly string[]
  includeWalletIds: readonly string[]
  excludeWalletIds: readonly string[]
  collapseWallets: boolean
  /** The CAIP-2 ids of the app's networks: the registry lists wallets supporting any of them. */
  chains: readonly string[]
}

/** The plugin's slice under `state.plugins.wallets`. */
export interface WalletsState {
  settings: WalletsSettings
}

export const DEFAULT_WALLETS_SETTINGS: WalletsSettings = {
  featuredWalletIds: [],
  includeWalletIds: [],
  excludeWalletIds: [],
  collapseWallets: false,
  chains: [],
}
