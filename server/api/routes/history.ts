/**
 * GET /v1/account/{address}/history: an account's transactions over the served chains,
 * newest first, in pages, with the value moved priced in USD.
 */
import { Hono } from 'hono'
import { getAddress } from 'viem'
import * as z from 'zod/mini'
import type { ApiContext } from '../apiContext.js'
import type { HistoryEntry, HistoryTransfer } from '../chainReader.js'
import { parseInput, readQuery } from '../parseInput.js'
import type { PriceSource } from '../priceSource.js'
import { roundUsd } from '../priceSource.js'
import { caip2, evmAddress, identified } from '../schemaParts.js'

/** Entries per page; `next` is the cursor of the following page. */
export const HISTORY_PAGE_SIZE = 20

const historyQuery = z.object({
  ...identified,
  chainId: z.optional(caip2),
  cursor: z.optional(z.string().check(z.regex(/^\d{1,6}$/, 'must be a cursor from a previous page'))),
  onramp: z.optional(z.string().check(z.maxLength(64))),
})

async function transferJson(transfer: HistoryTransfer, chainId: number, prices: PriceSource) {
  if (transfer.kind === 'nft') {
    return {
      nft_info: { name: transfer.name, flags: { is_spam: false } },
      direction: transfer.direction,
      quantity: { numeric: '1' },
    }
  }
  const price =
    (await prices.usd({
      chainId: `eip155:${chainId}`,
      symbol: transfer.symbol,
      ...(transfer.contract && { address: transfer.contract }),
    })) ?? 0
  return {
    fungible_info: {
      name: transfer.name,
      symbol: transfer.symbol,
      icon: { url: transfer.iconUrl },
    },
    direction: transfer.direction,
    quantity: { numeric: transfer.numeric },
    price,
    value: roundUsd(price * Number(transfer.numeric)),
  }
}

export function historyRoutes({ reader, chains, prices }: ApiContext): Hono {
  const routes = new Hono()
  routes.get('/v1/account/:address/history', async (c) => {
    const owner = getAddress(parseInput(evmAddress, c.req.param('address'), 'address'))
    const q = readQuery(c, historyQuery, 'GET /v1/account/{address}/history')
    // This service runs no on-ramp, so there is no on-ramp history to give.
    if (q.onramp) return c.json({ data: [], next: null })
    const entries: (HistoryEntry & { chainId: number })[] = []
    for (const chainId of chains.chainsOf(q.chainId)) {
      for (const entry of await reader.history(chainId, owner)) entries.push({ ...entry, chainId })
    }
    entries.sort((a, b) => b.minedAt.localeCompare(a.minedAt))
    const start = Number(q.cursor ?? '0')
    const page = entries.slice(start, start + HISTORY_PAGE_SIZE)
    const next = start + HISTORY_PAGE_SIZE < entries.length ? String(start + HISTORY_PAGE_SIZE) : null
    const data = await Promise.all(
      page.map(async (entry) => ({
        id: entry.hash,
        metadata: {
          operationType: entry.operationType,
          hash: entry.hash,
          minedAt: entry.minedAt,
          sentFrom: entry.from,
          sentTo: entry.to,
          status: entry.status,
          chain: `eip155:${entry.chainId}`,
        },
        transfers: await Promise.all(
          entry.transfers.map((transfer) => transferJson(transfer, entry.chainId, prices)),
        ),
      })),
    )
    return c.json({ data, next })
  })
  return routes
}
