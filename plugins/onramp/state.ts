import type { CaipNetworkId } from 'latchkit'

/** How often a purchase in progress is looked for in the account's history. */
export const ONRAMP_POLL_MS = 4000

/** A payment method's limits in one fiat currency, as decimal text ('10.00'). */
export interface PaymentMethodLimit {
  id: string
  min: string
  max: string
}

/** What can be bought, and on which networks. */
export interface PurchaseCurrency {
  id: string
  name: string
  symbol: string
  networks: Array<{ name: string; display_name: string; chain_id: string; contract_address: string }>
}

/** What can be paid with. */
export interface PaymentCurrency {
  id: string
  payment_method_limits: PaymentMethodLimit[]
}

/** A provider a purchase can go through. */
export interface OnrampProviderInfo {
  id: string
  name: string
  feePercent?: number
}

/** The options the API offers (or the built-in fallback when it does not answer). */
export interface OnrampOptions {
  purchaseCurrencies: PurchaseCurrency[]
  paymentCurrencies: PaymentCurrency[]
  providers: OnrampProviderInfo[]
  /** True when these are the built-in fallback, because the API's could not be read. */
  fallback: boolean
}

/** A money amount as the API writes it. */
export interface Money {
  amount: string
  currency: string
}

/** One provider's quote for the amount in the form. */
export interface OnrampQuote {
  provider: string
  paymentTotal: Money
  paymentSubtotal: Money
  purchaseAmount: Money
  networkFee: Money
  quoteId: string
  /** True for the placeholder shown when the quote could not be read: figures are estimates. */
  estimate: boolean
}

/** A purchase started in a provider's checkout. */
export interface OnrampPurchase {
  provider: string
  providerName: string
  /** The checkout page, to copy or open again. */
  url: string
  /** The account and network the purchase is delivered to. */
  address: string
  caipNetworkId: CaipNetworkId
  /** What was asked for. */
  fiatAmount: string
  fiatCurrency: string
  symbol: string
  /** ms since the epoch; only history entries from then on can be this purchase. */
  startedAt: number
  status: 'pending' | 'completed' | 'failed'
  /** Once completed: what arrived, in whole units, and the delivery's hash. */
  received?: string
  hash?: string
  /** Why it failed: the provider said so, or it took too long. */
  failure?: 'declined' | 'timeout'
}

/** The on-ramp plugin's options, with their defaults applied. */
export interface OnrampSettings {
  /** Amounts offered as one-click buttons, in the payment currency. */
  presets: readonly number[]
  /** How long a purchase may stay in progress before it is reported as failed. */
  timeoutMs: number
}

export const DEFAULT_ONRAMP_SETTINGS: OnrampSettings = { presets: [50, 100, 250], timeoutMs: 15 * 60_000 }

/** The Buy form, the options and quotes for it, and the purchase in progress. */
export interface OnrampState {
  settings: OnrampSettings
  options: OnrampOptions | undefined
  /** Decimal text as typed, in the payment currency. */
  paymentAmount: string
  paymentCurrency: string
  /** The payment method whose limits apply ('card' or 'ach_bank_account'). */
  paymentMethod: string
  /** The id of the purchase currency picked. */
  purchaseCurrency: string | undefined
  quotes: OnrampQuote[]
  loadingQuotes: boolean
  purchase: OnrampPurchase | undefined
  /**
   * Whether the Blockchain API serves the on-ramp (`GET /v1/features`); undefined until it
   * said, or when it cannot say (the Buy button is offered then).
   */
  served: boolean | undefined
}

/**
 * The state a fresh kernel starts with (before the plugin's options apply).
 *
 * @example
 * definePlugin({ id: ONRAMP_PLUGIN_ID, initialState: initialOnrampState, setup })
 */
export function initialOnrampState(): OnrampState {
  return {
    settings: DEFAULT_ONRAMP_SETTINGS,
    options: undefined,
    paymentAmount: '',
    paymentCurrency: 'USD',
    paymentMethod: 'card',
    purchaseCurrency: undefined,
    quotes: [],
    loadingQuotes: false,
    purchase: undefined,
    served: undefined,
  }
}
