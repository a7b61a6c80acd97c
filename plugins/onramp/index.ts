/**
 * latchkit/plugins/onramp: buy crypto with a card or bank transfer through a provider's
 * checkout. Nothing here runs at import; the views load only when opened.
 *
 * @example
 * import { onramp } from 'latchkit/plugins/onramp'
 * createKernel({ networks, adapters: [evmAdapter()], plugins: [onramp()] })
 */

export { ONRAMP_PLUGIN_ID } from './ids'
export type { OnrampMessageCode } from './messages'
export { onramp } from './onramp'
export type { OnrampPluginOptions } from './options'
export type {
  Money,
  OnrampOptions,
  OnrampProviderInfo,
  OnrampPurchase,
  OnrampQuote,
  OnrampSettings,
  OnrampState,
  PaymentCurrency,
  PaymentMethodLimit,
  PurchaseCurrency,
} from './state'
export { DEFAULT_ONRAMP_SETTINGS, initialOnrampState, ONRAMP_POLL_MS } from './state'
export type { OnrampStringKey } from './strings'
export { onrampStrings } from './strings'
