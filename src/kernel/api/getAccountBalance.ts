/**
 * The account's token balances from the Blockchain API, as the Account view's Tokens tab
 * and the header read them. One of the two reads the kernel itself declares.
 */
import * as z from 'zod/mini'
import { PORTFOLIO_TTL_MS } from '../cache'
import type { CaipNetworkId, TokenBalance } from '../types'
import type { KernelApi } from './apiTypes'
import { looseNumber, numericText, optionalText } from './schemaParts'

/** One token balance as the balance endpoint sends it. */
const tokenBalanceSchema = z.looseObject({
  name: z.string(),
  symbol: z.string(),
  chainId: z.string().check(z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'must be a CAIP-2 id')),
  address: z.optional(z.nullable(z.string())),
  value: z.optional(z.nullable(looseNumber)),
  price: z._default(z.nullable(looseNumber), 0),
  quantity: z.looseObject({ decimals: numericText, numeric: numericText }),
  iconUrl: optionalText,
})

const accountBalanceSchema = z.looseObject({ balances: z.array(tokenBalanceSchema) })

export interface GetAccountBalanceParameters {
  address: string
  chainId: CaipNetworkId
  /** Skip the 30 s cache and ask the server to refresh (after a transaction). */
  forceUpdate?: boolean
  signal?: AbortSignal
}

/**
 * GET /v1/account/{address}/balance in USD; kept 30 s unless `forceUpdate`. A network the
 * app does not list, or no API configured, answers no balances.
 *
 * @example
 * const balances = await getAccountBalance(kernel.api, { address, chainId: 'eip155:1' })
 */
export async function getAccountBalance(
  api: KernelApi,
  { address, chainId, forceUpdate, signal }: GetAccountBalanceParameters,
): Promise<TokenBalance[]> {
  const answer = await api.request({
    path: `v1/account/${encodeURIComponent(address)}/balance`,
    endpoint: 'GET /v1/account/{address}/balance',
    query: { currency: 'usd', chainId, forceUpdate: forceUpdate ? true : undefined },
    chainId,
    schema: accountBalanceSchema,
    // Keyed without forceUpdate, so a forced read replaces the kept answer for later readers.
    cache: { ttlMs: PORTFOLIO_TTL_MS, key: `balance ${chainId} ${address}` },
    fresh: forceUpdate,
    empty: () => ({ balances: [] }),
    signal,
  })
  return answer.balances.map((balance) => ({
    name: balance.name,
    symbol: balance.symbol,
    chainId: balance.chainId as CaipNetworkId,
    address: balance.address ?? undefined,
    value: balance.value ?? undefined,
    price: balance.price ?? 0,
    quantity: { decimals: balance.quantity.decimals, numeric: balance.quantity.numeric },
    iconUrl: balance.iconUrl ?? undefined,
  }))
}
