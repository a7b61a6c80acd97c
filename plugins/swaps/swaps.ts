import { definePlugin, lazyView, type Plugin } from 'latchkit'
import { onActiveAccountChange, watchServedFeatures } from 'latchkit/internal'
import { SWAPS_PLUGIN_ID } from './ids'
import { checkOptions, type SwapsOptions } from './options'
import { clearSwapForm, DEFAULT_SWAP_SETTINGS, initialSwapsState, type SwapsState } from './state'
import { swapsStrings } from './strings'
import { swapNetworkNames, swapUnavailability } from './swapAvailability'

/**
 * The Swap feature: a button on the Account view (offered on the `chains` networks the
 * app's server swaps on, as `GET /v1/features` lists them; on any other it is disabled and
 * says where swaps work, or that the app offers none), the Swap and SwapPreview views
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
          if (problem === 'SWAPS_NOT_CONFIGURED') return ctx.i18n.t('swaps.notServed')
          return problem === 'SWAPS_EVM_ONLY'
            ? ctx.i18n.t('swaps.evmOnly')
            : ctx.i18n.t('swaps.onlyOn', { networks: swapNetworkNames(kernel).join(', ') })
        },
      })
      // Where the app's server swaps: none means the button says swaps are not offered.
      watchServedFeatures(ctx, (served) => {
        const chains = served.swapChains
        if (!Array.isArray(chains)) return
        const serverChains = chains.filter((id): id is string => typeof id === 'string')
        ctx.state.set((draft) => {
          draft.serverChains = serverChains
        })
      })
      // A form belongs to one account on one network.
      onActiveAccountChange(ctx, () => ctx.state.set(clearSwapForm))
    },
  })
}
