/**
 * The swap API's answers, checked before anything is used: an amount is a base-unit
 * integer string, a token id is CAIP-10, a transaction's target an address and its data
 * hex. Unknown fields pass.
 */
import * as z from 'zod/mini'

const baseUnits = z.string().check(z.regex(/^\d{1,78}$/, 'must be an integer amount'))
const caip10 = z
  .string()
  .check(z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/, 'must be CAIP-10'))
const percent = z.number().check(z.gte(0), z.lte(100))

export const swapTokensSchema = z.looseObject({
  tokens: z.array(
    z.looseObject({
      name: z.string().check(z.maxLength(100)),
      symbol: z.string().check(z.maxLength(20)),
      address: caip10,
      decimals: z.number().check(z.int(), z.gte(0), z.lte(36)),
      logoUri: z.optional(z.nullable(z.string().check(z.maxLength(2048)))),
    }),
  ),
})
export type SwapTokensAnswer = z.output<typeof swapTokensSchema>

export const swapQuotesSchema = z.looseObject({
  quotes: z.array(
    z.looseObject({
      fromAmount: baseUnits,
      toAmount: baseUnits,
      fromAccount: caip10,
      toAccount: caip10,
      priceImpact: z.optional(percent),
      providerFee: z.optional(percent),
    }),
  ),
})
export type SwapQuotesAnswer = z.output<typeof swapQuotesSchema>

export const allowanceSchema = z.looseObject({ allowance: baseUnits })

export const gasPriceSchema = z.looseObject({ standard: baseUnits, fast: z.optional(baseUnits) })

/** A transaction the API built for the wallet to sign (an approval or the swap). */
export const builtTransactionSchema = z.looseObject({
  tx: z.looseObject({
    to: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'must be an address')),
    data: z.string().check(z.regex(/^0x(?:[0-9a-fA-F]{2})*$/, 'must be hex bytes')),
    value: z.optional(baseUnits),
    amount: z.optional(baseUnits),
    eip155: z.optional(z.looseObject({ gas: z.optional(baseUnits), gasPrice: z.optional(baseUnits) })),
  }),
})
export type BuiltTransaction = z.output<typeof builtTransactionSchema>['tx']
