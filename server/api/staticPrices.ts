/**
 * A price source from a fixed table, as the config file writes one: per CAIP-2 chain, the
 * USD price of its native currency and of tokens by contract (or mint). For prices that
 * move, give the server a `PriceSource` of your own from code (a `.ts` or `.js` config).
 */
import type { PricedAsset, PriceSource } from './priceSource.js'

/** USD prices per chain: `native` for its native currency, `tokens` by contract address or mint. */
export type PriceTable = Readonly<
  Record<string, { native?: number | undefined; tokens?: Readonly<Record<string, number>> | undefined }>
>

/** EVM contracts are compared in lower case; mints (base58) as written. */
const keyOf = (address: string) => (address.startsWith('0x') ? address.toLowerCase() : address)

/**
 * @example
 * const prices = staticPrices({ 'eip155:1': { native: 3100, tokens: { '0xA0b8…eB48': 1 } } })
 * prices.usd({ chainId: 'eip155:1', symbol: 'ETH' }) // 3100
 */
export function staticPrices(table: PriceTable): PriceSource {
  const chains = new Map(
    Object.entries(table).map(([chainId, entry]) => [
      chainId,
      {
        native: entry.native,
        tokens: new Map(Object.entries(entry.tokens ?? {}).map(([address, usd]) => [keyOf(address), usd])),
      },
    ]),
  )
  return {
    usd(asset: PricedAsset) {
      const chain = chains.get(asset.chainId)
      if (!chain) return undefined
      return asset.address === undefined ? chain.native : chain.tokens.get(keyOf(asset.address))
    },
  }
}
