/** The on-ramp API's answers, checked before anything is shown. Unknown fields pass. */
import * as z from 'zod/mini'

const text = (max: number) => z.string().check(z.maxLength(max))
const decimal = z.string().check(z.regex(/^\d{1,15}(\.\d{1,18})?$/, 'must be a decimal amount'))
const money = z.looseObject({ amount: decimal, currency: text(16) })

export const onrampOptionsSchema = z.looseObject({
  purchaseCurrencies: z.array(
    z.looseObject({
      id: text(32),
      name: text(100),
      symbol: text(20),
      networks: z.array(
        z.looseObject({
          name: text(100),
          display_name: text(100),
          chain_id: text(100),
          contract_address: text(100),
        }),
      ),
    }),
  ),
  paymentCurrencies: z.array(
    z.looseObject({
      id: text(16),
      payment_method_limits: z.array(z.looseObject({ id: text(40), min: decimal, max: decimal })),
    }),
  ),
  providers: z.optional(
    z.array(z.looseObject({ id: text(40), name: text(100), feePercent: z.optional(z.number()) })),
  ),
})

export const onrampQuoteSchema = z.looseObject({
  paymentTotal: money,
  paymentSubtotal: money,
  purchaseAmount: money,
  networkFee: money,
  quoteId: text(200),
  provider: z.optional(text(40)),
})

export const onrampUrlSchema = z.looseObject({ url: z.url().check(z.maxLength(4096)) })

/** The history API's answer with the on-ramp filter: only what a purchase's outcome needs. */
export const onrampHistorySchema = z.looseObject({
  data: z.array(
    z.looseObject({
      id: z.optional(text(200)),
      metadata: z.looseObject({
        hash: z.optional(z.nullable(text(200))),
        minedAt: text(64),
        status: text(64),
      }),
      transfers: z.optional(
        z.nullable(
          z.array(
            z.looseObject({
              quantity: z.looseObject({ numeric: z.union([z.string(), z.number()]) }),
              fungible_info: z.optional(
                z.nullable(z.looseObject({ symbol: z.optional(z.nullable(text(20))) })),
              ),
            }),
          ),
        ),
      ),
    }),
  ),
})
