import { type CaipNetworkId, ConfigError } from 'latchkit'

/** What `swaps(options)` takes. */
export interface SwapsOptions {
  /** The networks swaps are offered on (CAIP-2). Default: the 12 networks of DEFAULT_SWAP_CHAINS. */
  chains?: readonly CaipNetworkId[]
  /** Percent the output may fall short of the quote before the swap reverts; above 0, at most 50. Default 1. */
  slippage?: number
  /** How long after the last keystroke a quote is asked, in ms. Default 500. */
  quoteDebounceMs?: number
  /** How often the quote is asked again while the form is open, in ms. Default 10,000. */
  quoteRefreshMs?: number
}

/**
 * Refuses options swaps cannot work with, with a ConfigError that says which and why.
 *
 * @example
 * checkOptions({ slippage: 0.5, chains: ['eip155:8453'] })
 */
export function checkOptions(options: SwapsOptions): void {
  const { slippage, quoteDebounceMs, quoteRefreshMs } = options
  const fail = (details: string) => {
    throw new ConfigError('Invalid swaps options', { code: 'INVALID_OPTIONS', details })
  }
  if (slippage !== undefined && !(Number.isFinite(slippage) && slippage > 0 && slippage <= 50)) {
    fail(`slippage must be a percent above 0 and at most 50, not ${slippage}`)
  }
  for (const [name, value] of Object.entries({ quoteDebounceMs, quoteRefreshMs })) {
    if (value !== undefined && !(Number.isFinite(value) && value >= 0)) fail(`${name} must be a number of ms`)
  }
  for (const chain of options.chains ?? []) {
    if (!/^eip155:\d+$/.test(chain))
      fail(`chains: '${String(chain).slice(0, 40)}' is not an EVM network id (eip155:<n>)`)
  }
}
