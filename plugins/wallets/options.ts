import { ConfigError } from 'latchkit'
import { DEFAULT_WALLETS_SETTINGS } from './state'

/** What `wallets(options)` takes. */
export interface WalletsOptions {
  /** Registry wallet ids shown first on the Connect view, in this order. */
  featuredWalletIds?: readonly string[]
  /** Only these registry wallets are listed anywhere (sent as `include` on every registry request). */
  includeWalletIds?: readonly string[]
  /** These registry wallets are never listed (sent as `exclude` on every registry request). */
  excludeWalletIds?: readonly string[]
  /** Show only a compact "All wallets" row on the Connect view instead of featured and recommended wallets. Default false. */
  collapseWallets?: boolean
}

const walletId = /^[0-9a-f]{64}$/

function checkIds(name: string, ids: readonly string[] | undefined): readonly string[] {
  if (ids === undefined) return []
  if (!Array.isArray(ids)) {
    throw new ConfigError('Invalid wallets options', {
      code: 'INVALID_OPTIONS',
      details: `${name} must be an array of wallet ids`,
    })
  }
  const bad = ids.find((id) => typeof id !== 'string' || !walletId.test(id))
  if (bad !== undefined) {
    throw new ConfigError('Invalid wallets options', {
      code: 'INVALID_OPTIONS',
      details: `${name} holds "${String(bad)}", which is not a wallet id (64 hex digits)`,
    })
  }
  return [...ids]
}

/**
 * The options as the plugin keeps them, or a ConfigError naming the one that is wrong.
 *
 * @example
 * checkOptions({ featuredWalletIds: [metaMaskId] }).collapseWallets // false
 */
export function checkOptions(options: WalletsOptions) {
  if (options.collapseWallets !== undefined && typeof options.collapseWallets !== 'boolean') {
    throw new ConfigError('Invalid wallets options', {
      code: 'INVALID_OPTIONS',
      details: 'collapseWallets must be true or false',
    })
  }
  return {
    featuredWalletIds: checkIds('featuredWalletIds', options.featuredWalletIds),
    includeWalletIds: checkIds('includeWalletIds', options.includeWalletIds),
    excludeWalletIds: checkIds('excludeWalletIds', options.excludeWalletIds),
    collapseWallets: options.collapseWallets ?? DEFAULT_WALLETS_SETTINGS.collapseWallets,
  }
}
