import { ConfigError, definePlugin, lazyView, type Plugin } from 'latchkit'
import { onActiveAccountChange } from 'latchkit/internal'
import { DEFAULT_ONRAMP_SETTINGS, initialOnrampState, ONRAMP_PLUGIN_ID, type OnrampState } from './state'
import { onrampStrings } from './strings'

export interface OnrampPluginOptions {
  /** Amounts offered as one-click buttons, in the payment currency. Default [50, 100, 250]. */
  presets?: readonly number[]
  /** How long a purchase may stay in progress before it is reported as failed, in ms. Default 15 minutes. */
  timeoutMs?: number
}

/**
 * The on-ramp: a Buy button on the Account view (first of the features), the Buy view
 * (amount, what to pay with and what to buy, a quote per provider), the provider's
 * checkout in a window of its own, and a view that follows the purchase until the
 * provider reports it delivered or failed. Options, quotes and checkout URLs come from
 * the Blockchain API's on-ramp endpoints; completion from its history with the on-ramp
 * filter.
 *
 * @example
 * import { onramp } from 'latchkit/plugins/onramp'
 * createKernel({ networks, adapters: [evmAdapter()], plugins: [onramp()] })
 */
export function onramp(options: OnrampPluginOptions = {}): Plugin<OnrampState> {
  const { presets, timeoutMs } = options
  if (presets && !presets.every((amount) => Number.isFinite(amount) && amount > 0)) {
    throw new ConfigError('Invalid onramp options', {
      code: 'INVALID_OPTIONS',
      details: 'presets must be amounts above 0',
    })
  }
  if (timeoutMs !== undefined && !(Number.isFinite(timeoutMs) && timeoutMs > 0)) {
    throw new ConfigError('Invalid onramp options', {
      code: 'INVALID_OPTIONS',
      details: 'timeoutMs must be above 0',
    })
  }
  const settings = {
    presets: presets ?? DEFAULT_ONRAMP_SETTINGS.presets,
    timeoutMs: timeoutMs ?? DEFAULT_ONRAMP_SETTINGS.timeoutMs,
  }
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
      })
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
