/**
 * GET /v1/account/{address}/history served from the EVM history index (the run's shared
 * indexer over the shared chains), over real HTTP: the seeded history account's pages
 * follow each other through `next` without duplicates or gaps, tokens are named from the
 * chain configuration, and the spam collection's NFT is indexed and flagged.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { fixtureContracts, fixtureHistory, historyAccount } from '../../../devstack/fixtures'
import { getDevstack } from '../../support/devstack'
import { EVM_INDEX_WAIT_MS, evmIndexCaughtUp, getEvmHistory } from '../../support/evmIndexer'
import { apiServerForFile, getJson, LOCAL, LOCAL_2 } from '../api/helpers'

const server = apiServerForFile(() => getDevstack().chains, { history: [getEvmHistory()] })

beforeAll(() => evmIndexCaughtUp(), EVM_INDEX_WAIT_MS + 60_000)

type Transfer = {
  direction: string
  sender: string
  recipient: string
  quantity: { numeric: string }
  fungible_info?: { symbol: string }
  nft_info?: { name: string; contract?: string; flags: { is_spam: boolean } }
}
type Entry = {
  id: string
  metadata: { operationType: string; minedAt: string; chain: string }
  transfers: Transfer[]
}
type Page = { data: Entry[]; next: string | null }

async function everyPage(chainId: string): Promise<Entry[][]> {
  const pages: Entry[][] = []
  let cursor: string | null = null
  do {
    const { status, body }: { status: number; body: Page } = await getJson<Page>(
      server(),
      `/v1/account/${historyAccount.address}/history`,
      cursor ? { chainId, cursor } : { chainId },
    )
    expect(status).toBe(200)
    pages.push(body.data)
    cursor = body.next
  } while (cursor)
  return pages
}

describe('history from the EVM index', () => {
  it('pages through the seeded account by `next`, newest first, without duplicates or gaps', async () => {
    const pages = await everyPage(LOCAL)
    expect(pages.length).toBeGreaterThan(2)
    const entries = pages.flat()
    expect(entries).toHaveLength(fixtureHistory.transactionCount)
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length)
    const times = entries.map((e) => e.metadata.minedAt)
    expect([...times].sort().reverse()).toEqual(times)
    expect(times.at(-1)).toBe(new Date(fixtureHistory.firstAt * 1000).toISOString())
    expect(entries.every((e) => e.metadata.chain === LOCAL)).toBe(true)
  })

  it('indexes the spam NFT and flags it; the collection it trusts is not flagged', async () => {
    const entries = (await everyPage(LOCAL_2)).flat()
    const nfts = entries.filter((e) => e.transfers.some((t) => t.nft_info))
    const spam = nfts.filter((e) => e.transfers.some((t) => t.nft_info?.flags.is_spam))
    expect(spam).toHaveLength(1)
    expect(spam[0]!.metadata.operationType).toBe('mint')
    // The spam NFT is all the account got in that transaction.
    expect(spam[0]!.transfers).toEqual([
      expect.objectContaining({
        direction: 'in',
        recipient: historyAccount.address,
        nft_info: expect.objectContaining({ contract: fixtureContracts.SPAM, flags: { is_spam: true } }),
      }),
    ])
    const punks = nfts.filter((e) => e.transfers.some((t) => t.nft_info?.contract === fixtureContracts.LPNK))
    expect(punks.flatMap((e) => e.transfers.map((t) => t.nft_info?.flags.is_spam))).toEqual([false])
  })

  it('names tokens from the chain configuration and counts in whole units', async () => {
    const [first] = await everyPage(LOCAL)
    const lusdOut = first!.find((e) =>
      e.transfers.some((t) => t.fungible_info?.symbol === 'LUSD' && t.direction === 'out'),
    )
    expect(lusdOut?.transfers[0]?.quantity.numeric).toBe('40')
  })

  it('answers 400 to a cursor it did not give', async () => {
    const { status } = await getJson(server(), `/v1/account/${historyAccount.address}/history`, {
      chainId: LOCAL,
      cursor: 'bm90LWEtY3Vyc29y',
    })
    expect(status).toBe(400)
  })
})
