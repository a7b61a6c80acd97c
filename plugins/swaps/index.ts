/**
 * latchkit/plugins/swaps: the Swap feature. Nothing here runs at import; the views load
 * only when opened.
 *
 * Only the factory, the state's shape, the defaults and the strings are exported: a
 * helper re-exported here would be pulled into the initial load of every app using
 * swaps() (esbuild puts what an entry re-exports in a chunk the entry loads at start-up).
 *
 * @example
 * import { swaps } from 'latchkit/plugins/swaps'
 * createKernel({ networks, adapters: [evmAdapter()], plugins: [swaps()] })
 */

export { SWAPS_PLUGIN_ID } from './ids'
export type { SwapsMessageCode } from './messages'
export type { SwapsOptions } from './options'
export type { SwapProblem, SwapQuote, SwapSettings, SwapsState, SwapToken } from './state'
export {
  DEFAULT_SLIPPAGE,
  DEFAULT_SWAP_CHAINS,
  DEFAULT_SWAP_SETTINGS,
  initialSwapsState,
  NATIVE_TOKEN_ADDRESS,
} from './state'
export type { SwapsStringKey } from './strings'
export { swapsStrings } from './strings'
export { swaps } from './swaps'
