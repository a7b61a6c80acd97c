/**
 * Pure steps shared by every balance source: turning `wallet_getAssets` answers and
 * native balances into TokenBalance entries, the low-quality filter (zero decimals), the sort
 * by value. No I/O here, so each rule is tested on its own.
 */
import { formatUnits } from '../formatUnits'
import type { CaipNetworkId, TokenBalance, WalletAsset } from '../types'

/**
 * Maps the assets a wallet reports through `wallet_getAssets` to token
 * balances. Value is the wallet's, else price times amount.
 *
 * @example
 * assetsToTokenBalances([{ address: '0x…', balance: '0xf4240', type: 'ERC20',
 *   metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, price: 1 } }], 'eip155:1')
 * // [{ name: 'USD Coin', symbol: 'USDC', quantity: { decimals: '6', numeric: '1' }, price: 1, value: 1, ... }]
 */
export function assetsToTokenBalances(
  assets: readonly WalletAsset[],
  chainId: CaipNetworkId,
): TokenBalance[] {
  return assets.map((asset) => {
    const { name, symbol, decimals, price, iconUrl, value } = asset.metadata
    const numeric = formatUnits(BigInt(asset.balance), decimals)
    const unitPrice = price ?? 0
    return {
      name,
      symbol,
      chainId,
      address: asset.type === 'NATIVE' ? undefined : `${chainId}:${asset.address}`,
      price: unitPrice,
      value: value ?? unitPrice * Number(numeric),
      quantity: { decimals: String(decimals), numeric },
      iconUrl: iconUrl ?? undefined,
    }
  })
}

/**
 * Tokens with zero decimals are low quality: entries whose
 * `quantity.decimals` is '0' are dropped.
 *
 * @example
 * filterLowQualityTokens(balances).some((b) => b.quantity.decimals === '0') // false
 */
export function filterLowQualityTokens(balances: readonly TokenBalance[]): TokenBalance[] {
  return balances.filter((balance) => Number(balance.quantity.decimals) !== 0)
}

/**
 * Highest value first; entries without a value count as 0 and keep their order.
 *
 * @example
 * sortByValue([{ value: 1 }, { value: 5 }]) // [{ value: 5 }, { value: 1 }]
 */
export function sortByValue<T extends { value?: number }>(balances: readonly T[]): T[] {
  return [...balances].sort((a, b) => (b.value ?? 0) - (a.value ?? 0))
}
