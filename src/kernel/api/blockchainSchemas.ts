/**
 * What the Blockchain API answers (SPEC §3, §7), as zod/mini schemas. Every response is parsed with one of these before anything reads it, so a
 * malformed answer is a ValidationError naming the endpoint and never a half-written store.
 *
 * Objects are loose: a server may add fields without breaking older widgets; only the
 * fields the widget reads are checked.
 */
import * as z from 'zod/mini'

/** Text or a number, read as text: the API is not consistent about numeric strings. */
const numericText = z.pipe(
  z.union([z.string(), z.number()]),
  z.transform((value) => String(value)),
)
/** A number, or a numeric string read as a number. */
const looseNumber = z.pipe(
  z.union([z.number(), z.string().check(z.regex(/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/, 'must be numeric'))]),
  z.transform((value) => Number(value)),
)
const optionalText = z.optional(z.nullable(z.string()))

// ---------------------------------------------------------------- Blockchain API

export const supportedChainsSchema = z.looseObject({
  http: z.array(z.string()),
  ws: z._default(z.array(z.string()), []),
})
export type SupportedChains = z.output<typeof supportedChainsSchema>

export const identitySchema = z.looseObject({
  name: optionalText,
  avatar: optionalText,
})
/** SPEC §3 'Identity response'. */
export type Identity = { name: string | null; avatar: string | null }

const transferSchema = z.looseObject({
  fungible_info: z.optional(
    z.nullable(
      z.looseObject({
        name: optionalText,
        symbol: optionalText,
        icon: z.optional(z.nullable(z.looseObject({ url: optionalText }))),
      }),
    ),
  ),
  nft_info: z.optional(
    z.nullable(
      z.looseObject({
        name: optionalText,
        content: z.optional(
          z.nullable(
            z.looseObject({ preview: z.optional(z.nullable(z.looseObject({ url: optionalText }))) }),
          ),
        ),
        flags: z.optional(z.nullable(z.looseObject({ is_spam: z.optional(z.boolean()) }))),
      }),
    ),
  ),
  direction: z.optional(z.string()),
  quantity: z.looseObject({ numeric: numericText }),
  value: z.optional(z.nullable(looseNumber)),
  price: z.optional(z.nullable(looseNumber)),
})

/** SPEC §3 'Transaction item'. */
export const transactionSchema = z.looseObject({
  id: z.string(),
  metadata: z.looseObject({
    minedAt: z.string(),
    chain: optionalText,
    operationType: z.string(),
    status: z.string(),
    sentFrom: z.string(),
    sentTo: z.string(),
    hash: z.optional(z.string()),
  }),
  transfers: z._default(z.array(transferSchema), []),
})
export type Transaction = z.output<typeof transactionSchema>

export const transactionsSchema = z.looseObject({
  data: z.array(transactionSchema),
  next: optionalText,
})
export type Transactions = { data: Transaction[]; next: string | null }

/** SPEC §3 'Token balance', as the balance endpoint sends it. */
export const tokenBalanceSchema = z.looseObject({
  name: z.string(),
  symbol: z.string(),
  chainId: z.string().check(z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'must be a CAIP-2 id')),
  address: z.optional(z.nullable(z.string())),
  value: z.optional(z.nullable(looseNumber)),
  price: z._default(z.nullable(looseNumber), 0),
  quantity: z.looseObject({ decimals: numericText, numeric: numericText }),
  iconUrl: optionalText,
})

export const accountBalanceSchema = z.looseObject({ balances: z.array(tokenBalanceSchema) })

/**
 * NFT holdings (GET /v1/account/{address}/nfts). Not in SPEC §7's table: the local API
 * serves it for the NFTs tab, and a self-hosted API can too.
 */
export const accountNftsSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      chainId: z.string(),
      contract: z.string(),
      tokenId: numericText,
      name: z.string(),
      description: optionalText,
      imageUrl: optionalText,
      collection: z.optional(z.nullable(z.looseObject({ name: z.string(), symbol: optionalText }))),
    }),
  ),
})
export type AccountNfts = z.output<typeof accountNftsSchema>
export type Nft = AccountNfts['data'][number]

export const fungiblePriceSchema = z.looseObject({
  fungibles: z.array(
    z.looseObject({
      name: z.string(),
      symbol: z.string(),
      iconUrl: optionalText,
      price: looseNumber,
    }),
  ),
})
export type FungiblePrices = z.output<typeof fungiblePriceSchema>

export const convertTokensSchema = z.looseObject({
  tokens: z.array(
    z.looseObject({
      name: z.string(),
      symbol: z.string(),
      address: z.string(),
      decimals: z.number(),
      logoUri: optionalText,
      eip2612: z.optional(z.boolean()),
    }),
  ),
})
export type ConvertTokens = z.output<typeof convertTokensSchema>

export const convertQuotesSchema = z.looseObject({
  quotes: z.array(
    z.looseObject({
      id: optionalText,
      fromAmount: numericText,
      fromAccount: z.string(),
      toAmount: numericText,
      toAccount: z.string(),
    }),
  ),
})
export type ConvertQuotes = z.output<typeof convertQuotesSchema>

export const allowanceSchema = z.looseObject({ allowance: numericText })
export type Allowance = z.output<typeof allowanceSchema>

export const gasPriceSchema = z.looseObject({
  standard: numericText,
  fast: numericText,
  instant: numericText,
})
export type GasPrice = z.output<typeof gasPriceSchema>

const hexData = z.string().check(z.startsWith('0x', "must start with '0x'"))
const eip155Fees = z.optional(z.looseObject({ gas: numericText, gasPrice: numericText }))

export const convertTransactionSchema = z.looseObject({
  tx: z.looseObject({
    from: z.string(),
    to: z.string(),
    data: hexData,
    amount: z.optional(numericText),
    eip155: eip155Fees,
  }),
})
export type ConvertTransaction = z.output<typeof convertTransactionSchema>

export const approveTransactionSchema = z.looseObject({
  tx: z.looseObject({
    from: z.string(),
    to: z.string(),
    data: hexData,
    value: z.optional(numericText),
    eip155: eip155Fees,
  }),
})
export type ApproveTransaction = z.output<typeof approveTransactionSchema>

/** A registered name (ENS-style profile). */
export const profileSchema = z.looseObject({
  name: z.string(),
  registered: z.optional(z.number()),
  updated: z.optional(z.number()),
  addresses: z._default(
    z.record(z.string(), z.looseObject({ address: z.string(), created: z.optional(z.number()) })),
    {},
  ),
  attributes: z.optional(
    z.union([z.array(z.record(z.string(), z.string())), z.record(z.string(), z.string())]),
  ),
})
export type Profile = z.output<typeof profileSchema>

export const profilesSchema = z.array(profileSchema)

export const nameSuggestionsSchema = z.looseObject({
  suggestions: z.array(z.looseObject({ name: z.string(), registered: z._default(z.boolean(), false) })),
})
export type NameSuggestions = z.output<typeof nameSuggestionsSchema>

/** 'not shown' in SPEC §7: any JSON object is accepted and handed back. */
export const anyObjectSchema = z.looseObject({})

export const onrampUrlSchema = z.looseObject({ url: z.string().check(z.minLength(1)) })

const paymentMethodLimit = z.looseObject({ id: z.string(), min: numericText, max: numericText })

/** SPEC §3 'Onramp options'. */
export const onrampOptionsSchema = z.looseObject({
  purchaseCurrencies: z.array(
    z.looseObject({
      id: z.string(),
      name: z.string(),
      symbol: z.string(),
      networks: z.array(
        z.looseObject({
          name: z.string(),
          display_name: z.string(),
          chain_id: numericText,
          contract_address: z.string(),
        }),
      ),
    }),
  ),
  paymentCurrencies: z.array(
    z.looseObject({ id: z.string(), payment_method_limits: z.array(paymentMethodLimit) }),
  ),
})
export type OnrampOptions = z.output<typeof onrampOptionsSchema>
export type PaymentCurrency = OnrampOptions['paymentCurrencies'][number]
export type PurchaseCurrency = OnrampOptions['purchaseCurrencies'][number]

const money = z.looseObject({ amount: numericText, currency: z.string() })

/** SPEC §3 'Onramp quote'. */
export const onrampQuoteSchema = z.looseObject({
  paymentTotal: money,
  paymentSubtotal: money,
  purchaseAmount: money,
  networkFee: money,
  quoteId: z.string(),
  coinbaseFee: z.optional(money),
})
export type OnrampQuote = z.output<typeof onrampQuoteSchema>

export const sessionsSchema = z.looseObject({ pcis: z._default(z.array(z.looseObject({})), []) })
export type Sessions = z.output<typeof sessionsSchema>

export const successSchema = z.looseObject({ success: z.boolean() })
