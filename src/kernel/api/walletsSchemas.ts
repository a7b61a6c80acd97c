/**
 * What the wallet-project API answers (SPEC §3, §7), as zod/mini schemas; kept apart from
 * the Blockchain API's so each client carries only its own.
 */
import * as z from 'zod/mini'

const optionalText = z.optional(z.nullable(z.string()))

/** SPEC §3 'Wallet list item'. */
export const walletListItemSchema = z.looseObject({
  id: z.string().check(z.minLength(1)),
  name: z.string(),
  image_id: optionalText,
  rdns: optionalText,
  chains: z._default(z.array(z.string()), []),
  mobile_link: optionalText,
  desktop_link: optionalText,
  webapp_link: optionalText,
})
export type WalletListItem = z.output<typeof walletListItemSchema>

export const walletListSchema = z.looseObject({
  count: z.number().check(z.int(), z.nonnegative()),
  data: z.array(walletListItemSchema),
})
export type WalletList = { count: number; data: WalletListItem[] }

export const analyticsConfigSchema = z.looseObject({ isAnalyticsEnabled: z.boolean() })
export type AnalyticsConfig = { isAnalyticsEnabled: boolean }

export const allowedOriginsSchema = z.looseObject({ allowedOrigins: z.array(z.string()) })
