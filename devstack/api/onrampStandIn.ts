/**
 * A stand-in for an on-ramp provider: the options, quote and checkout-URL endpoints the
 * widget's on-ramp calls, answered from the fixture chains and prices. The checkout page
 * is a line of text: no payment provider runs in the devstack.
 */
import { Hono } from 'hono'
import * as z from 'zod/mini'
import { readBody, readQuery } from '../../server/api/parseInput.js'
import { roundUsd } from '../../server/api/priceSource.js'
import { projectOnly } from '../../server/api/schemaParts.js'
import { fixtureContracts, fixtureTokens } from '../fixtures.js'
import type { ApiChain } from './fixtureChains.js'
import { fixturePrices } from './prices.js'

const decimalAmount = z.string().check(z.regex(/^\d{1,15}(\.\d{1,18})?$/, 'must be a decimal amount'))
const onrampUrlBody = z.object({
  destinationWallets: z
    .array(
      z.object({
        address: z.string(),
        blockchains: z.optional(z.array(z.string())),
        assets: z.optional(z.array(z.string())),
      }),
    )
    .check(z.minLength(1)),
  defaultNetwork: z.optional(z.string()),
  partnerUserId: z.string().check(z.minLength(1)),
  defaultExperience: z.optional(z.literal('buy')),
  presetCryptoAmount: z.optional(z.union([z.number(), z.string()])),
  presetFiatAmount: z.optional(z.union([z.number(), z.string()])),
})
const onrampQuoteBody = z.object({
  purchaseCurrency: z.looseObject({ id: z.string().check(z.minLength(1)), symbol: z.optional(z.string()) }),
  paymentCurrency: z.looseObject({ id: z.enum(['USD', 'EUR']) }),
  amount: decimalAmount,
  network: z.string().check(z.minLength(1)),
})

/** Card and bank limits, the same for USD and EUR. */
const paymentLimits = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
]

export function onrampStandInRoutes(chains: readonly ApiChain[]): Hono {
  const routes = new Hono()

  routes.get('/v1/onramp/options', (c) => {
    readQuery(c, projectOnly, 'GET /v1/onramp/options')
    const networks = chains.map(({ chainId }) => ({
      name: `latch-local-${chainId}`,
      display_name: `Latch Local ${chainId}`,
      chain_id: String(chainId),
    }))
    const lusd = (chains[0]?.contracts ?? fixtureContracts).LUSD
    return c.json({
      purchaseCurrencies: [
        {
          id: 'ETH',
          name: 'Ether',
          symbol: 'ETH',
          networks: networks.map((n) => ({ ...n, contract_address: '' })),
        },
        {
          id: 'LUSD',
          name: fixtureTokens.LUSD.name,
          symbol: 'LUSD',
          networks: networks.map((n) => ({ ...n, contract_address: lusd })),
        },
      ],
      paymentCurrencies: [
        { id: 'USD', payment_method_limits: paymentLimits },
        { id: 'EUR', payment_method_limits: paymentLimits },
      ],
    })
  })

  routes.post('/v1/onramp/quote', async (c) => {
    const b = await readBody(c, onrampQuoteBody, 'POST /v1/onramp/quote')
    const price = b.purchaseCurrency.id === 'LUSD' ? fixturePrices.LUSD : fixturePrices.native
    const amount = Number(b.amount)
    // Providers charge 1-2 %; this one charges 1.5 % plus a flat network fee.
    const fee = roundUsd(amount * 0.015)
    const networkFee = 0.5
    const subtotal = Math.max(roundUsd(amount - fee - networkFee), 0)
    const money = (value: number, currency: string) => ({ amount: value.toFixed(2), currency })
    return c.json({
      paymentTotal: money(amount, b.paymentCurrency.id),
      paymentSubtotal: money(subtotal, b.paymentCurrency.id),
      purchaseAmount: { amount: (subtotal / price).toFixed(6), currency: b.purchaseCurrency.id },
      networkFee: money(networkFee, b.paymentCurrency.id),
      coinbaseFee: money(fee, b.paymentCurrency.id),
      quoteId: `local-${b.purchaseCurrency.id}-${b.paymentCurrency.id}-${b.amount}`,
    })
  })

  routes.post('/v1/generators/onrampurl', async (c) => {
    const b = await readBody(c, onrampUrlBody, 'POST /v1/generators/onrampurl')
    const url = new URL('/onramp/checkout', new URL(c.req.url).origin)
    url.searchParams.set('partnerUserId', b.partnerUserId)
    if (b.defaultNetwork) url.searchParams.set('network', b.defaultNetwork)
    if (b.presetFiatAmount !== undefined) url.searchParams.set('fiat', String(b.presetFiatAmount))
    return c.json({ url: url.toString() })
  })

  routes.get('/onramp/checkout', (c) =>
    c.text('Latchkit local onramp: no payment provider runs in the devstack, so nothing can be bought here.'),
  )

  return routes
}
