/**
 * Where the API's USD prices come from. The service asks per asset and never caches, so a
 * source may read a feed, a database or a fixed table; the devstack passes its fixture
 * table. Without one, every price is unknown: balances report 0 and quotes are refused.
 */

/** An asset as the API names it. */
export type PricedAsset = {
  /** CAIP-2, e.g. `eip155:1` or `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`. */
  chainId: string
  /** The token's contract or mint; absent for the chain's native currency. */
  address?: string
  symbol: string
}

export type PriceSource = {
  /** USD per whole unit, or undefined when the source does not know the asset. */
  usd(asset: PricedAsset): number | undefined | Promise<number | undefined>
}

/** The source of a service configured with none: it knows no price. */
export const noPrices: PriceSource = { usd: () => undefined }

/** USD amounts are answered to the millionth. */
export function roundUsd(value: number): number {
  return Math.round(value * 1e6) / 1e6
}
