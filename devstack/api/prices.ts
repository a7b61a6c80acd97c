/**
 * The fixture price table of the local API: USD prices of the native currency and of the
 * fixture ERC20s. Made-up figures, chosen so that the three sort apart by value in the
 * seeded accounts (10,000 ETH, 10,000 LUSD, 1,000 LTK, 500 ZDT).
 */
import type { PriceSource } from '../../server/api/priceSource.js'
import type { FixtureTokenKey } from '../fixtures.js'

export type PricedAsset = FixtureTokenKey | 'native'

/** USD per whole unit. */
export const fixturePrices: Readonly<Record<PricedAsset, number>> = {
  native: 2000,
  LUSD: 1,
  LTK: 2.5,
  ZDT: 0.1,
}

/** USD per euro: how the on-ramp quotes payments in EUR, and what the devstack's ramps charge. */
export const FIXTURE_USD_PER_EUR = 1.1

/** Icon hue per asset, so each has its own colour. */
export const fixtureHues: Readonly<Record<PricedAsset, number>> = {
  native: 230,
  LUSD: 140,
  LTK: 280,
  ZDT: 20,
}

/**
 * USD per whole unit on the local Solana endpoint, by symbol (its mints reuse the EVM
 * fixtures' symbols and prices; SOL has its own).
 */
export const solanaFixturePrices: Readonly<Record<string, number>> = {
  SOL: 150,
  LUSD: fixturePrices.LUSD,
  ZDT: fixturePrices.ZDT,
}

/** Icon hue per Solana asset, by symbol. */
export const solanaFixtureHues: Readonly<Record<string, number>> = {
  SOL: 165,
  LUSD: fixtureHues.LUSD,
  ZDT: fixtureHues.ZDT,
}

/**
 * The table as the API's price source. Fixture assets are told apart by symbol: the
 * local chains carry nothing else, and the Solana mints reuse the EVM fixtures' symbols.
 */
export const fixturePriceSource: PriceSource = {
  usd({ chainId, address, symbol }) {
    if (chainId.startsWith('solana:')) return solanaFixturePrices[symbol]
    if (address === undefined) return fixturePrices.native
    return Object.hasOwn(fixturePrices, symbol) ? fixturePrices[symbol as FixtureTokenKey] : undefined
  },
}
