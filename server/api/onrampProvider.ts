/**
 * On-ramp providers as configuration: the API answers the on-ramp routes (options,
 * quotes, checkout URLs) and the on-ramp history filter from the providers it is given.
 * A provider runs its own checkout page, takes the payment and delivers the crypto; the API
 * only quotes with the provider's fees and points the widget at that checkout. What a
 * quote works out is here too, so a provider that delivers what the API quoted (the
 * devstack's ramps) computes it the same way.
 */

/** The fiat currencies a purchase is paid in. */
export type FiatCurrency = 'USD' | 'EUR'

/** One purchase as the provider records it. */
export interface OnrampPurchase {
  /** The provider's id of the order. */
  orderId: string
  /** What the widget passed to the URL generator. */
  partnerUserId: string
  /** Destination wallet, as the chain writes it. */
  address: string
  /** CAIP-2, e.g. 'eip155:31337'. */
  network: string
  /** CAIP-10 of what is bought (`<network>:0xeeee…eeee` for the native currency). */
  asset: string
  symbol: string
  /** Whole units, e.g. '99.5'. */
  purchaseAmount: string
  /** e.g. '100.00'. */
  fiatAmount: string
  fiatCurrency: FiatCurrency
  status: 'pending' | 'completed' | 'failed'
  /** The delivery, once sent. */
  txHash?: string
  /** ms since the epoch. */
  createdAt: number
  updatedAt: number
}

/** What the widget asked to buy, as the URL generator hands it to a provider's checkout. */
export interface OnrampOrder {
  partnerUserId: string
  address: string
  /** CAIP-2. */
  network: string
  /** CAIP-10 of what is bought. */
  asset: string
  /** Two decimals, e.g. '100.00'. */
  fiatAmount?: string
  fiatCurrency?: string
  /** Whole units of `asset`. */
  cryptoAmount?: string
}

/** What a provider may be asked to sell: an asset on a network. */
export interface OnrampAsset {
  /** CAIP-2. */
  network: string
  /** CAIP-10. */
  asset: string
  symbol: string
}

/**
 * An on-ramp provider: its fees, its checkout page and the purchases it recorded.
 *
 * @example
 * const provider: OnrampProvider = {
 *   id: 'acme', name: 'Acme Ramp', feePercent: 1.5, networkFee: 0.5,
 *   checkoutUrl: (order) => `https://checkout.acme.example/?${new URLSearchParams({ address: order.address })}`,
 *   purchases: (address) => acmeClient.orders({ wallet: address }),
 * }
 */
export interface OnrampProvider {
  /** e.g. 'latchramp': letters, digits, '-' and '_', at most 40. */
  id: string
  /** e.g. 'Latch Ramp'. */
  name: string
  /** Fee charged, percent of the payment (1..2). */
  feePercent: number
  /** Flat network fee in the payment currency. */
  networkFee: number
  /** The checkout page for an order. */
  checkoutUrl(order: OnrampOrder): string
  /** The provider's purchases for a destination address (newest first). */
  purchases(address: string): Promise<OnrampPurchase[]>
  /**
   * Whether it sells `asset` on its network. Default: every asset the API serves and
   * prices. The options list an asset when some provider sells it; a quote or checkout URL
   * for one the provider does not sell answers 400 `ONRAMP_UNSUPPORTED_ASSET`.
   */
  sells?(asset: OnrampAsset): boolean
}

/** The API's on-ramp configuration (`createApiApp({ onramp })`). */
export type OnrampSettings = {
  /** The first is the default of a quote or checkout URL that names none. */
  providers: readonly OnrampProvider[]
  /**
   * USD per euro, to quote payments in EUR against the price source's USD prices. Without
   * it only USD is offered.
   */
  usdPerEur?: number
}

/** A payment method's limits in one fiat currency, as the options list them. */
export type PaymentMethodLimit = { id: 'card' | 'ach_bank_account'; min: string; max: string }

/** Card and bank limits, the same in USD and EUR. */
export const ONRAMP_PAYMENT_LIMITS: readonly PaymentMethodLimit[] = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
]

/** The most decimals a purchase amount has. */
export const PURCHASE_AMOUNT_DECIMALS = 6

export type OnrampQuoteFigures = {
  /** Two decimals, in the payment currency. */
  providerFee: string
  networkFee: string
  /** What is left to buy with: the total less both fees (never below 0). */
  subtotal: string
  /** Whole units with six decimals, rounded down to what the asset's decimals can hold. */
  purchaseAmount: string
}

const cents = (amount: string | number) => Math.round(Number(amount) * 100)
const money = (amountInCents: number) => (amountInCents / 100).toFixed(2)

/**
 * What a payment of `fiatAmount` buys: the provider's fee (its percent of the payment, to
 * the cent), its flat network fee, and the rest at `unitPrice` (one whole unit of the asset
 * in the payment currency), rounded down.
 *
 * @example
 * quoteOnramp({ fiatAmount: '100.00', feePercent: 1, networkFee: 0.5, unitPrice: 1, decimals: 6 })
 * // { providerFee: '1.00', networkFee: '0.50', subtotal: '98.50', purchaseAmount: '98.500000' }
 */
export function quoteOnramp(input: {
  fiatAmount: string
  feePercent: number
  networkFee: number
  unitPrice: number
  /** The asset's decimals (a 0-decimal token is bought in whole units). */
  decimals: number
}): OnrampQuoteFigures {
  const total = cents(input.fiatAmount)
  const fee = Math.round((total * input.feePercent) / 100)
  const network = cents(input.networkFee)
  const subtotal = Math.max(total - fee - network, 0)
  const places = Math.min(PURCHASE_AMOUNT_DECIMALS, Math.max(0, Math.trunc(input.decimals)))
  // Rounded to the thousandth of the last place first, so 0.04925 * 1e6 is 49250, not 49249.999….
  const scaled = Math.floor(Number(((subtotal / 100 / input.unitPrice) * 10 ** places).toFixed(3)))
  return {
    providerFee: money(fee),
    networkFee: money(network),
    subtotal: money(subtotal),
    purchaseAmount: (scaled / 10 ** places).toFixed(PURCHASE_AMOUNT_DECIMALS),
  }
}

/**
 * The payment, to the cent (rounded up), whose quote buys at least `cryptoAmount`: for a
 * checkout opened with an amount of crypto rather than of money.
 *
 * @example
 * fiatForCrypto({ cryptoAmount: '98.5', feePercent: 1, networkFee: 0.5, unitPrice: 1 }) // '100.00'
 */
export function fiatForCrypto(input: {
  cryptoAmount: string
  feePercent: number
  networkFee: number
  unitPrice: number
  /** The asset's decimals. Default 6. */
  decimals?: number
}): string {
  const subtotal = Number(input.cryptoAmount) * input.unitPrice * 100 + cents(input.networkFee)
  let total = Math.ceil(Number((subtotal / (1 - input.feePercent / 100)).toFixed(3)))
  // The fee is rounded to the cent: step up until the quote covers the amount.
  const covers = (value: number) =>
    Number(
      quoteOnramp({
        ...input,
        fiatAmount: money(value),
        decimals: input.decimals ?? PURCHASE_AMOUNT_DECIMALS,
      }).purchaseAmount,
    ) >= Number(input.cryptoAmount)
  for (let step = 0; step < 100 && !covers(total); step++) total += 1
  return money(total)
}

/** The limits of `method` ('card' or 'ach_bank_account'). */
export function paymentLimitsOf(method: PaymentMethodLimit['id']): PaymentMethodLimit {
  return ONRAMP_PAYMENT_LIMITS.find((limit) => limit.id === method)!
}

/**
 * The refusal of an amount outside `limit`, as the API and checkouts word it.
 *
 * @example outOfLimitsMessage(paymentLimitsOf('card'), 'USD') // 'Amount must be between 10.00 and 7500.00 USD'
 */
export function outOfLimitsMessage(limit: { min: string; max: string }, currency: string): string {
  return `Amount must be between ${limit.min} and ${limit.max} ${currency}`
}

/** Whether `fiatAmount` is within `limit`. */
export function withinLimits(fiatAmount: string, limit: { min: string; max: string }): boolean {
  const amount = cents(fiatAmount)
  return amount >= cents(limit.min) && amount <= cents(limit.max)
}
