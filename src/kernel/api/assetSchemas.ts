/**
 * The `wallet_getAssets` answer (address, hex balance, type, metadata), checked before the
 * kernel turns it into token balances.
 */
import * as z from 'zod/mini'
import { looseNumber, optionalText } from './schemaParts'

/** One asset of what a wallet reports through `wallet_getAssets`. */
export const walletAssetSchema = z.looseObject({
  address: z.string(),
  balance: z.string().check(z.regex(/^0x[0-9a-fA-F]+$/, 'must be a hex quantity')),
  type: z.enum(['ERC20', 'NATIVE']),
  metadata: z.looseObject({
    name: z.string(),
    symbol: z.string(),
    decimals: z.number().check(z.int(), z.nonnegative()),
    price: z.optional(z.nullable(looseNumber)),
    iconUrl: optionalText,
    value: z.optional(z.nullable(looseNumber)),
  }),
})
export const walletAssetsSchema = z.array(walletAssetSchema)
