import { type CaipNetworkId, ConfigError, definePlugin, lazyView, type Plugin } from 'latchkit'
import { onActiveAccountChange } from 'latchkit/internal'
import {
  clearSwapForm,
  DEFAULT_SWAP_SETTINGS,
  initialSwapsState,
  SWAPS_PLUGIN_ID,
  type SwapsState,
} from './state'
import { swapsStrings } from './strings'
import { swapNetworkNames, swapUnavailability } from './swapAvailability'

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

function checkOptions(options: SwapsOptions): void {
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

/**
 * The Swap feature: a button on the Account view (offered on the `chains` networks; on
 * any other it is disabled and says where swaps work), the Swap and SwapPreview views
 * (loaded lazily) and the form's state under `plugins.swaps`. Quotes, allowances and the
 * transactions come from the Blockchain API's convert endpoints; the wallet signs.
 *
 * @example
 * import { swaps } from 'latchkit/plugins/swaps'
 * createKernel({ networks, adapters: [evmAdapter()], plugins: [swaps({ chains: ['eip155:8453'] })] })
 */
export function swaps(options: SwapsOptions = {}): Plugin<SwapsState> {
  checkOptions(options)
  const settings = {
    ...DEFAULT_SWAP_SETTINGS,
    ...Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)),
  }
  return definePlugin<SwapsState>({
    id: SWAPS_PLUGIN_ID,
    initialState: () => ({ ...initialSwapsState(), settings }),
    setup(ctx) {
      ctx.i18n.register(swapsStrings)
      ctx.views.register({
        id: 'Swap',
        title: 'swaps.title',
        load: lazyView(ctx, () => import('./views/SwapView')),
      })
      ctx.views.register({
        id: 'SwapPreview',
        title: 'swaps.previewTitle',
        load: lazyView(ctx, () => import('./views/SwapPreviewView')),
      })
      ctx.slots.contribute('features', {
        id: 'swaps',
        order: 200,
        label: 'swaps.title',
        view: 'Swap',
        // Two arrows, one each way.
        icon: 'M7 7h11l-3-3M17 17H6l3 3',
        unavailable: (kernel) => {
          const problem = swapUnavailability(kernel)
          if (!problem) return undefined
          return problem === 'SWAPS_EVM_ONLY'
            ? ctx.i18n.t('swaps.evmOnly')
            : ctx.i18n.t('swaps.onlyOn', { networks: swapNetworkNames(kernel).join(', ') })
        },
      })
      // A form belongs to one account on one network.
      onActiveAccountChange(ctx, () => ctx.state.set(clearSwapForm))
    },
  })
}
