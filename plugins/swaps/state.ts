import type { CaipNetworkId } from 'latchkit'

/** The native currency's address in token ids (`eip155:1:0xeeee...`), as swap APIs write it. */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** The most a swap's output may fall short of its quote, in percent, unless configured. */
export const DEFAULT_SLIPPAGE = 1

/**
 * The networks swaps are offered on unless the app names its own: Ethereum, Arbitrum,
 * Optimism, zkSync, Base, BNB Chain, Polygon, Gnosis, Avalanche, Fantom, Klaytn and Aurora.
 */
export const DEFAULT_SWAP_CHAINS: readonly CaipNetworkId[] = [
  'eip155:1',
  'eip155:42161',
  'eip155:10',
  'eip155:324',
  'eip155:8453',
  'eip155:56',
  'eip155:137',
  'eip155:100',
  'eip155:43114',
  'eip155:250',
  'eip155:8217',
  'eip155:1313161554',
]

/** The swaps plugin's options, with their defaults applied. */
export interface SwapSettings {
  /** The networks swaps are offered on. */
  chains: readonly CaipNetworkId[]
  /** Percent the output may fall short of the quote; the swap reverts past it. */
  slippage: number
  /** A quote is asked this long after the last keystroke. */
  quoteDebounceMs: number
  /** While the form is open, the quote is asked again this often. */
  quoteRefreshMs: number
}

/** What the swaps plugin uses when an option is not given. */
export const DEFAULT_SWAP_SETTINGS: SwapSettings = {
  chains: DEFAULT_SWAP_CHAINS,
  slippage: DEFAULT_SLIPPAGE,
  quoteDebounceMs: 500,
  quoteRefreshMs: 10_000,
}

/** A token the swap form can hold: from the swap API's list or the account's balances. */
export interface SwapToken {
  /** CAIP-10: `eip155:1:0x...`; the native currency uses {@link NATIVE_TOKEN_ADDRESS}. */
  address: string
  symbol: string
  name: string
  decimals: number
  logoUri?: string
  /** What the account holds, in whole units ('1.5'); undefined when it holds none. */
  balance?: string
  /** USD per whole unit; 0 when unknown. */
  price: number
}

/** A quote the router gave for the amount in the form. */
export interface SwapQuote {
  /** Base units of the source token. */
  fromAmount: bigint
  /** Base units of the target token. */
  toAmount: bigint
  /** Percent (0.42 = 0.42 %) the trade moves the price against the visitor. */
  priceImpact: number
  /** Percent of the input the pools keep. */
  providerFee: number
  /** The source and target token ids it was asked for. */
  from: string
  to: string
}

/** An error the form shows, by its stable code. */
export interface SwapProblem {
  code: string
  message: string
}

/**
 * The swap form and what it has learnt: the tokens (`sourceTokenAmount` is exactly what
 * was typed and is parsed with the token's decimals only when needed), the quote for it,
 * the gas price, the allowance, and what the wallet is being asked.
 */
export interface SwapsState {
  /** The plugin's options, as given or defaulted. */
  settings: SwapSettings
  sourceToken: SwapToken | undefined
  sourceTokenAmount: string
  /** The exact amount Max computed while the field shows it rounded; cleared on edit. */
  maxAmount: string | undefined
  toToken: SwapToken | undefined
  quote: SwapQuote | undefined
  loadingQuote: boolean
  /** Why there is no quote (INSUFFICIENT_LIQUIDITY, SWAPS_UNSUPPORTED_NETWORK, ...). */
  quoteProblem: SwapProblem | undefined
  /** The API's tokens for the network in view. */
  suggestedTokens: SwapToken[]
  /** Wei per gas, from the swap API. */
  gasPrice: bigint | undefined
  /** Base units of the source token the router may spend; undefined until read. */
  allowance: bigint | undefined
  /** What the wallet is being asked for. */
  status: 'idle' | 'approving' | 'swapping'
  /** The last swap's hash while the views show its outcome. */
  lastSwapHash: string | undefined
  /**
   * The chains the Blockchain API serves swaps on (`GET /v1/features`); empty when it serves
   * none, undefined until it said or when it cannot say (the plugin's `chains` hold then).
   */
  serverChains: readonly string[] | undefined
}

/**
 * The state a fresh kernel starts with (before the plugin's options apply).
 *
 * @example
 * definePlugin({ id: SWAPS_PLUGIN_ID, initialState: initialSwapsState, setup })
 */
export function initialSwapsState(): SwapsState {
  return {
    settings: DEFAULT_SWAP_SETTINGS,
    sourceToken: undefined,
    sourceTokenAmount: '',
    maxAmount: undefined,
    toToken: undefined,
    quote: undefined,
    loadingQuote: false,
    quoteProblem: undefined,
    suggestedTokens: [],
    gasPrice: undefined,
    allowance: undefined,
    status: 'idle',
    lastSwapHash: undefined,
    serverChains: undefined,
  }
}

/**
 * Clears the form and what was learnt for it, keeping the plugin's options and what the
 * server serves: after a swap, and when the account or network changes.
 *
 * @example
 * swapsSlice(kernel).set(clearSwapForm)
 */
export function clearSwapForm(state: SwapsState): void {
  const { settings, serverChains } = state
  Object.assign(state, initialSwapsState(), { settings, serverChains })
}
