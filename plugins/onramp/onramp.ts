import { definePlugin, lazyView, type Plugin } from 'latchkit'
import { onActiveAccountChange, watchServedFeatures } from 'latchkit/internal'
import { ONRAMP_PLUGIN_ID } from './ids'
import { checkOptions, type OnrampPluginOptions } from './options'
import { initialOnrampState, type OnrampState } from './state'
import { onrampStrings } from './strings'

/**
 * The on-ramp: a Buy button on the Account view (first of the features), the Buy view
 * (amount, what to pay with and what to buy, a quote per provider), the provider's
 * checkout in a window of its own, and a view that follows the purchase until the
 * provider reports it delivered or failed. Options, quotes and checkout URLs come from
 * the Blockchain API's on-ramp endpoints; completion from its history with the on-ramp
 * filter. When that API says it has no on-ramp (`GET /v1/features`), the Buy button is
 * disabled with the reason.
 *
 * @example
 * import { onramp } from 'latchkit/plugins/onramp'
 * createKernel({ networks, adapters: [evmAdapter()], plugins: [onramp()] })
 */
export function onramp(options: OnrampPluginOptions = {}): Plugin<OnrampState> {
  const settings = checkOptions(options)
  return definePlugin<OnrampState>({
    id: ONRAMP_PLUGIN_ID,
    initialState: () => ({ ...initialOnrampState(), settings }),
    setup(ctx) {
      ctx.i18n.register(onrampStrings)
      ctx.views.register({
        id: 'Onramp',
        title: 'onramp.title',
        load: lazyView(ctx, () => import('./views/OnrampView')),
      })
      ctx.views.register({
        id: 'OnrampProgress',
        title: 'onramp.progressTitle',
        load: lazyView(ctx, () => import('./views/OnrampProgressView')),
      })
      // First of the account features (swaps 200, receive 300, send 400).
      ctx.slots.contribute('features', {
        id: 'onramp',
        order: 100,
        label: 'onramp.title',
        view: 'Onramp',
        // A card.
        icon: 'M3 7h18v10H3zM3 11h18',
        // Disabled, saying why, when the app's server has no on-ramp provider: the Buy
        // view would only fail.
        unavailable: () => (ctx.state.get().served === false ? ctx.i18n.t('onramp.notServed') : undefined),
      })
      watchServedFeatures(ctx, (served) =>
        ctx.state.set((draft) => {
          draft.served = served.onramp !== false
        }),
      )
      // A purchase belongs to the account it delivers to. Only a real change: wallets
      // repeat accountsChanged with the same account, and the quotes shown still hold.
      onActiveAccountChange(ctx, () =>
        ctx.state.set((draft) => {
          if (draft.purchase?.status !== 'pending') draft.purchase = undefined
          draft.quotes = []
        }),
      )
    },
  })
}
