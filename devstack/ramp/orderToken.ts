/**
 * The order a checkout URL carries: the API's order (who buys what, where, for how much)
 * and the ramp's order id, as base64url JSON in `?order=`. A real provider would sign it;
 * this one only parses it, since it sells test money on local chains, and anything from
 * the URL is shown escaped.
 */
import * as z from 'zod/mini'
import { printableText } from '../../server/api/schemaParts.js'

const orderSchema = z.object({
  orderId: z.string().check(z.regex(/^[A-Za-z0-9-]{8,64}$/)),
  partnerUserId: printableText(256),
  address: printableText(128),
  network: printableText(80),
  asset: printableText(200),
  fiatAmount: z.optional(z.string().check(z.regex(/^\d{1,9}(\.\d{1,2})?$/))),
  fiatCurrency: z.optional(z.enum(['USD', 'EUR'])),
  cryptoAmount: z.optional(z.string().check(z.regex(/^\d{1,15}(\.\d{1,18})?$/))),
})

export type RampOrder = z.output<typeof orderSchema>

/** The longest `order` value read. */
export const MAX_ORDER_TOKEN = 4096

/**
 * @example encodeOrder({ orderId, partnerUserId: 'visitor', address, network: 'eip155:31337', asset })
 */
export function encodeOrder(order: RampOrder): string {
  return Buffer.from(JSON.stringify(order), 'utf8').toString('base64url')
}

/** The order in a token, or undefined when the token is not one this ramp made. */
export function decodeOrder(token: string): RampOrder | undefined {
  if (token.length === 0 || token.length > MAX_ORDER_TOKEN || !/^[A-Za-z0-9_-]+$/.test(token))
    return undefined
  let json: unknown
  try {
    json = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'))
  } catch {
    return undefined
  }
  const parsed = z.safeParse(orderSchema, json)
  return parsed.success ? parsed.data : undefined
}
