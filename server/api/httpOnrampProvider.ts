/**
 * An on-ramp provider described by URLs instead of code, as the config file names one:
 * the widget is sent to `checkoutUrl` with the order in it, and the provider's purchases
 * for a wallet are read from `purchasesUrl`. A provider whose checkout needs a signed URL
 * or whose API answers in its own shape is written as an `OnrampProvider` in code instead
 * (a `.ts` or `.js` config).
 *
 * The purchases endpoint: `GET <purchasesUrl>?address=<wallet>` (with
 * `Authorization: Bearer <purchasesToken>` when one is given) answers
 * `{ "purchases": [OnrampPurchase, …] }`, newest first.
 */
import * as z from 'zod/mini'
import type { OnrampAsset, OnrampOrder, OnrampProvider, OnrampPurchase } from './onrampProvider.js'

export type HttpOnrampProviderOptions = {
  id: string
  name: string
  feePercent: number
  networkFee: number
  /**
   * The checkout page. `{partnerUserId}`, `{address}`, `{network}`, `{asset}`,
   * `{fiatAmount}`, `{fiatCurrency}` and `{cryptoAmount}` in it are replaced by the order's
   * (URL-encoded, empty when the order has none); a URL with none of them gets the order's
   * fields appended as query parameters of those names.
   */
  checkoutUrl: string
  /** Where the provider's purchases for a wallet are read. */
  purchasesUrl: string
  /** Sent as a Bearer token to `purchasesUrl`. */
  purchasesToken?: string
  /** The assets it sells, CAIP-10 (`eip155:1:0xeeee…eeee` for ETH). Default: every asset the server serves and prices. */
  assets?: readonly string[]
  /** How long a purchases request may take, in ms. Default 5000. */
  timeoutMs?: number
}

const ORDER_FIELDS = [
  'partnerUserId',
  'address',
  'network',
  'asset',
  'fiatAmount',
  'fiatCurrency',
  'cryptoAmount',
] as const satisfies readonly (keyof OnrampOrder)[]

const PLACEHOLDER = /\{(partnerUserId|address|network|asset|fiatAmount|fiatCurrency|cryptoAmount)\}/g

const purchase = z.object({
  orderId: z.string(),
  partnerUserId: z.string(),
  address: z.string(),
  network: z.string(),
  asset: z.string(),
  symbol: z.string(),
  purchaseAmount: z.string(),
  fiatAmount: z.string(),
  fiatCurrency: z.enum(['USD', 'EUR']),
  status: z.enum(['pending', 'completed', 'failed']),
  txHash: z.optional(z.string()),
  createdAt: z.number(),
  updatedAt: z.number(),
})
const purchasesAnswer = z.object({ purchases: z.array(purchase) })

/**
 * The checkout URL of `order` for `template` (see {@link HttpOnrampProviderOptions.checkoutUrl}).
 *
 * @example checkoutUrlOf('https://buy.example/?to={address}', { address: '0xf39F…', … }) // 'https://buy.example/?to=0xf39F…'
 */
export function checkoutUrlOf(template: string, order: OnrampOrder): string {
  if (template.match(PLACEHOLDER)) {
    return template.replace(PLACEHOLDER, (_, field: (typeof ORDER_FIELDS)[number]) =>
      encodeURIComponent(order[field] ?? ''),
    )
  }
  const url = new URL(template)
  for (const field of ORDER_FIELDS) {
    const value = order[field]
    if (value !== undefined) url.searchParams.set(field, value)
  }
  return url.toString()
}

/**
 * @example
 * const ramp = httpOnrampProvider({
 *   id: 'acme', name: 'Acme Ramp', feePercent: 1.5, networkFee: 0.99,
 *   checkoutUrl: 'https://pay.acme.example/buy?wallet={address}&asset={asset}&amount={fiatAmount}',
 *   purchasesUrl: 'https://api.acme.example/latchkit/purchases', purchasesToken: process.env.ACME_TOKEN,
 * })
 */
export function httpOnrampProvider(options: HttpOnrampProviderOptions): OnrampProvider {
  const sold = options.assets && new Set(options.assets.map((asset) => asset.toLowerCase()))
  return {
    id: options.id,
    name: options.name,
    feePercent: options.feePercent,
    networkFee: options.networkFee,
    checkoutUrl: (order) => checkoutUrlOf(options.checkoutUrl, order),
    async purchases(address): Promise<OnrampPurchase[]> {
      const url = new URL(options.purchasesUrl)
      url.searchParams.set('address', address)
      const response = await fetch(url, {
        headers: {
          accept: 'application/json',
          ...(options.purchasesToken !== undefined && { authorization: `Bearer ${options.purchasesToken}` }),
        },
        signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
      })
      if (!response.ok) throw new Error(`${options.name} answered ${response.status} for its purchases`)
      const parsed = z.safeParse(purchasesAnswer, await response.json())
      if (!parsed.success) throw new Error(`${options.name} answered purchases in another shape`)
      return parsed.data.purchases.map(({ txHash, ...rest }) => ({
        ...rest,
        ...(txHash !== undefined && { txHash }),
      }))
    },
    ...(sold && { sells: (asset: OnrampAsset) => sold.has(asset.asset.toLowerCase()) }),
  }
}
