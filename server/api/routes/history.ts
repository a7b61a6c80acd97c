/**
 * GET /v1/account/{address}/history: an account's transactions, newest first, in pages,
 * read from the configured history sources (indexes of the chains, never a walk over
 * blocks per request). Names, icons, prices and the spam flag come from the chain
 * configuration; a token the configuration does not list is named as its contract said
 * when it was indexed. A transaction the account paid for carries `fee` (what it cost to
 * have it mined, where the index records it). With `onramp=<provider id>` it lists that on-ramp provider's
 * purchases for the address instead (routes/onramp.ts). While the index is catching up
 * with the chains, or cannot be reached, it answers 503 `HISTORY_INDEXING` with how far the
 * index is and a Retry-After: a wait to retry, not a failure. A server given no history
 * source at all answers 501 `HISTORY_NOT_CONFIGURED` (the on-ramp filter aside).
 */
import { Hono } from 'hono'
import { formatUnits } from 'viem'
import * as z from 'zod/mini'
import { blockFraction } from '../../history/indexingFraction.js'
import { errorBody } from '../../http/errorAnswer.js'
import type { ApiContext } from '../apiContext.js'
import {
  HistoryNotReadyError,
  type IndexedTransaction,
  type IndexedTransfer,
  InvalidCursorError,
} from '../historySource.js'
import { BadRequest, clip, HttpFailure } from '../httpErrors.js'
import { parseInput, readQuery } from '../parseInput.js'
import { roundUsd } from '../priceSource.js'
import { caip2, evmAddress, identified } from '../schemaParts.js'
import { onrampHistory } from './onramp.js'

/** Entries per page; `next` is the cursor of the following page. */
export const HISTORY_PAGE_SIZE = 20

const historyQuery = z.object({
  ...identified,
  chainId: z.optional(caip2),
  cursor: z.optional(
    z.string().check(z.regex(/^[A-Za-z0-9_-]{1,200}$/, 'must be a cursor from a previous page')),
  ),
  onramp: z.optional(z.string().check(z.maxLength(64))),
})

/** The Retry-After of a 503 `HISTORY_INDEXING`, in seconds. */
export const HISTORY_RETRY_AFTER_SECONDS = 3

/**
 * One chain's indexing progress as a 503 `HISTORY_INDEXING` names it; null where unknown.
 * `fraction`: how much of the chain is indexed, 0 to 1 (what the widget shows as a percentage).
 */
export type HistoryIndexingProgress = {
  chainId: string
  indexedBlock: number | null
  headBlock: number | null
  fraction: number | null
}

/** What a transfer's asset is called and looks like, from the configuration first. */
type AssetLook = {
  name: string
  symbol: string
  decimals: number
  iconUrl?: string | undefined
  spam?: boolean
}

export function historyRoutes(ctx: ApiContext): Hono {
  const { reader, chains, solana, prices, history } = ctx
  const evmChainId = (caip: string) => Number(caip.split(':')[1])

  function lookOf(chainId: string, transfer: IndexedTransfer): AssetLook {
    const fromIndex = {
      name: transfer.name ?? transfer.symbol ?? 'Unknown token',
      symbol: transfer.symbol ?? '',
      decimals: transfer.decimals ?? 0,
    }
    if (chainId.startsWith('eip155:')) {
      const id = evmChainId(chainId)
      if (!reader.has(id)) return fromIndex
      if (transfer.kind === 'native') return reader.nativeCurrency(id)
      if (transfer.kind === 'nft') {
        const collection = transfer.contract ? reader.collection(id, transfer.contract) : undefined
        return collection ? { ...collection, decimals: 0 } : { ...fromIndex, decimals: 0 }
      }
      return (transfer.contract && reader.token(id, transfer.contract)) || fromIndex
    }
    if (solana && chainId === solana.chainId) {
      if (transfer.kind === 'native') {
        return { name: 'Solana', symbol: 'SOL', decimals: 9, iconUrl: solana.nativeIconUrl }
      }
      return (transfer.contract && solana.mint(transfer.contract)) || fromIndex
    }
    return fromIndex
  }

  async function transferJson(chainId: string, transfer: IndexedTransfer) {
    const look = lookOf(chainId, transfer)
    if (transfer.kind === 'nft') {
      return {
        nft_info: {
          name: `${look.name} #${transfer.tokenId ?? '?'}`,
          ...(transfer.contract !== undefined && { contract: transfer.contract }),
          flags: { is_spam: look.spam === true },
        },
        direction: transfer.direction,
        sender: transfer.from,
        recipient: transfer.to,
        quantity: { numeric: '1' },
      }
    }
    const numeric = formatUnits(BigInt(transfer.amount), look.decimals)
    const price =
      (await prices.usd({
        chainId,
        symbol: look.symbol,
        ...(transfer.contract && { address: transfer.contract }),
      })) ?? 0
    return {
      fungible_info: {
        name: look.name,
        symbol: look.symbol,
        ...(look.iconUrl !== undefined && { icon: { url: look.iconUrl } }),
      },
      direction: transfer.direction,
      sender: transfer.from,
      recipient: transfer.to,
      quantity: { numeric },
      price,
      value: roundUsd(price * Number(numeric)),
    }
  }

  /** The fee as the account asked about paid it (only `from` pays), priced like a transfer. */
  async function feeJson(entry: IndexedTransaction, account: string) {
    if (entry.fee === undefined) return undefined
    const payer = entry.chainId.startsWith('eip155:')
      ? entry.from.toLowerCase() === account.toLowerCase()
      : entry.from === account
    if (!payer) return undefined
    const look = lookOf(entry.chainId, {
      kind: 'native',
      from: entry.from,
      to: entry.to,
      direction: 'out',
      amount: entry.fee,
    })
    const numeric = formatUnits(BigInt(entry.fee), look.decimals)
    const price = (await prices.usd({ chainId: entry.chainId, symbol: look.symbol })) ?? 0
    return {
      fungible_info: {
        name: look.name,
        symbol: look.symbol,
        ...(look.iconUrl !== undefined && { icon: { url: look.iconUrl } }),
      },
      quantity: { numeric },
      price,
      value: roundUsd(price * Number(numeric)),
    }
  }

  async function transactionJson(entry: IndexedTransaction, account: string) {
    const fee = await feeJson(entry, account)
    return {
      id: `${entry.chainId}:${entry.hash}`,
      metadata: {
        operationType: entry.operationType,
        hash: entry.hash,
        minedAt: entry.minedAt,
        sentFrom: entry.from,
        sentTo: entry.to,
        status: entry.status,
        chain: entry.chainId,
      },
      transfers: await Promise.all(entry.transfers.map((transfer) => transferJson(entry.chainId, transfer))),
      ...(fee && { fee }),
    }
  }

  /** The chain's newest block, for an EVM chain the API reads; null when it cannot say. */
  async function headBlockOf(chainId: string): Promise<number | null> {
    if (!chainId.startsWith('eip155:') || !reader.has(evmChainId(chainId))) return null
    return reader
      .blockNumber(evmChainId(chainId))
      .then(Number)
      .catch(() => null)
  }

  const notDone = (fraction: number | undefined) =>
    fraction === undefined ? null : Math.min(fraction, 0.999)

  /** The 503 body: the chain furthest behind of those asked (one unknown counts as furthest). */
  async function indexingAnswer(error: HistoryNotReadyError) {
    const progress: HistoryIndexingProgress[] = await Promise.all(
      error.progress.map(async ({ chainId, indexedBlock, fraction }) => {
        const headBlock = await headBlockOf(chainId)
        return {
          chainId,
          indexedBlock,
          headBlock,
          // Not ready is never 100 %, whatever the blocks say (the backfill's last step).
          fraction: notDone(fraction ?? blockFraction(indexedBlock, headBlock)),
        }
      }),
    )
    const behind = (p: HistoryIndexingProgress) =>
      p.fraction !== null
        ? 1 - p.fraction
        : p.indexedBlock === null || p.headBlock === null
          ? Number.POSITIVE_INFINITY
          : p.headBlock - p.indexedBlock
    const worst = progress.reduce<HistoryIndexingProgress | undefined>(
      (found, p) => (found === undefined || behind(p) > behind(found) ? p : found),
      undefined,
    )
    const percent = worst?.fraction != null ? `, ${Math.floor(worst.fraction * 100)} %` : ''
    const where =
      worst?.indexedBlock != null && worst.headBlock != null
        ? ` (block ${worst.indexedBlock} of ${worst.headBlock} on ${worst.chainId}${percent})`
        : worst?.fraction != null
          ? ` (${worst.chainId}${percent})`
          : ''
    return errorBody(
      'HISTORY_INDEXING',
      error.state === 'catching-up'
        ? `History is not ready: the index is catching up with the chain${where}; try again shortly`
        : 'History is not ready: the index is not reachable yet; try again shortly',
      { state: error.state, ...(worst && { progress: worst }) },
    )
  }

  /** The CAIP-2 ids to read: the one asked for, or every chain of the account's family. */
  function chainIdsFor(address: string, chainId: string | undefined): string[] {
    const solanaOwner = chains.solanaOwner(address, chainId)
    if (solanaOwner) return [solanaOwner.reader.chainId]
    parseInput(evmAddress, address, 'address')
    return chains.chainsOf(chainId).map((id) => `eip155:${id}`)
  }

  const routes = new Hono()
  routes.get('/v1/account/:address/history', async (c) => {
    const address = c.req.param('address')
    const q = readQuery(c, historyQuery, 'GET /v1/account/{address}/history')
    // On-ramp purchases are recorded by the on-ramp provider, not by an index of the chains.
    if (q.onramp) return c.json(await onrampHistory(ctx, address, q.onramp))
    const chainIds = chainIdsFor(address, q.chainId)
    if (history.length === 0) {
      throw new HttpFailure(501, 'History is not configured on this server', 'HISTORY_NOT_CONFIGURED')
    }
    const sources = history.filter((source) => chainIds.some((id) => source.covers(id)))
    if (sources.length === 0) return c.json({ data: [], next: null })
    // One family per account, so one source answers; a second would need a merged cursor.
    if (sources.length > 1) throw new BadRequest(`chainId: name one chain (${clip(chainIds.join(', '))})`)
    const [source] = sources as [(typeof sources)[number]]
    const page = await source
      .history({
        account: address,
        chainIds: chainIds.filter((id) => source.covers(id)),
        ...(q.cursor !== undefined && { cursor: q.cursor }),
        limit: HISTORY_PAGE_SIZE,
      })
      .catch((error: unknown) => {
        if (error instanceof InvalidCursorError) throw new BadRequest(error.message)
        if (error instanceof HistoryNotReadyError) return error
        throw error
      })
    if (page instanceof HistoryNotReadyError) {
      c.header('Retry-After', String(HISTORY_RETRY_AFTER_SECONDS))
      c.header('Cache-Control', 'no-store')
      return c.json(await indexingAnswer(page), 503)
    }
    return c.json({
      data: await Promise.all(page.transactions.map((entry) => transactionJson(entry, address))),
      next: page.next,
    })
  })
  return routes
}
