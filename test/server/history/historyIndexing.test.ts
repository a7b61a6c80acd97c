/**
 * GET /v1/account/{address}/history while the EVM index cannot answer yet, over real HTTP:
 * an indexer that does not listen (still booting, or down) and a real Ponder indexer still
 * backfilling a chain both answer 503 `HISTORY_INDEXING` with a Retry-After and how far the
 * index is (indexed block, the chain's head, the share indexed), never a 500.
 */
import { createPublicClient, createTestClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../../devstack/anvil'
import { startApiServer } from '../../../devstack/api/server'
import { historyAccount } from '../../../devstack/fixtures'
import { findFreePort } from '../../../devstack/free-port'
import { HISTORY_RETRY_AFTER_SECONDS } from '../../../server/api/routes/history'
import { createEvmHistorySource } from '../../../server/indexer/evm/evmHistorySource'
import {
  type BackgroundEvmIndexer,
  startEvmIndexerInBackground,
} from '../../../server/indexer/evm/startEvmIndexerInBackground'
import { getDevstack } from '../../support/devstack'
import { apiServerForFile, LOCAL, PROJECT_ID } from '../api/helpers'

/** The servers' one error shape; what the wait is and how far the index is are its details. */
type IndexingAnswer = {
  code: string
  message: string
  details: {
    state: string
    progress?: {
      chainId: string
      indexedBlock: number | null
      headBlock: number | null
      fraction: number | null
    }
  }
}

async function askHistory(url: string) {
  const query = new URLSearchParams({ projectId: PROJECT_ID, chainId: LOCAL })
  const response = await fetch(`${url}/v1/account/${historyAccount.address}/history?${query}`)
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as IndexingAnswer,
  }
}

describe('history while the index is not ready', () => {
  let silentPort = 0
  beforeAll(async () => {
    // A port nothing listens on: the indexer as it is before Ponder has started its server.
    silentPort = await findFreePort()
  })
  const server = apiServerForFile(() => getDevstack().chains, {
    history: [
      {
        covers: (chainId) => chainId.startsWith('eip155:'),
        history: (query) =>
          createEvmHistorySource(`http://127.0.0.1:${silentPort}`, [31337, 31338]).history(query),
      },
    ],
  })

  it('an indexer that does not answer: 503 HISTORY_INDEXING (unreachable) with a Retry-After and the head', async () => {
    const shared = getDevstack().chains.find((chain) => chain.chainId === 31337)!
    const head = Number(await createPublicClient({ transport: http(shared.rpcUrl) }).getBlockNumber())
    const answer = await askHistory(server().url)
    expect(answer.status).toBe(503)
    expect(answer.retryAfter).toBe(String(HISTORY_RETRY_AFTER_SECONDS))
    expect(answer.body).toEqual({
      code: 'HISTORY_INDEXING',
      message: expect.stringMatching(/not reachable/),
      details: {
        state: 'unreachable',
        progress: { chainId: LOCAL, indexedBlock: null, headBlock: expect.any(Number), fraction: null },
      },
    })
    expect(answer.body.details.progress!.headBlock).toBeGreaterThanOrEqual(head)
  })
})

describe('history while a real indexer backfills', () => {
  // Thousands of blocks: Ponder reads each one's transactions and traces, so the backfill
  // lasts long after its server answers.
  const BLOCKS = 2000
  let anvil: AnvilInstance | undefined
  let indexer: BackgroundEvmIndexer | undefined

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337 })
    // In steps with a long timeout: one anvil_mine of thousands of blocks outlasted viem's
    // 10 s on a loaded machine.
    const client = createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl, { timeout: 60_000 }) })
    for (let mined = 0; mined < BLOCKS; mined += 250) await client.mine({ blocks: 250 })
  }, 120_000)
  afterAll(async () => {
    await indexer?.stop()
    await anvil?.stop()
  })

  it('answers 503 with the indexed block and the head while Ponder catches up, never a 500', async () => {
    const chains = [{ chainId: 31337, rpcUrl: anvil!.rpcUrl }]
    indexer = await startEvmIndexerInBackground({ chains, pollingIntervalMs: 200 })
    indexer.ready.catch(() => {})
    const api = await startApiServer({ chains, history: [indexer.source] })
    try {
      // Asked from the moment the indexer is launched until it says how far it has read:
      // first it does not listen (Ponder builds and boots), then it is catching up.
      const answers: Awaited<ReturnType<typeof askHistory>>[] = []
      const deadline = Date.now() + 150_000
      const reported = () => answers.at(-1)?.body.details.progress?.indexedBlock != null
      while (!reported() && Date.now() < deadline) {
        answers.push(await askHistory(api.url))
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
      for (const answer of answers) {
        expect(answer.status).toBe(503)
        expect(answer.retryAfter).toBe(String(HISTORY_RETRY_AFTER_SECONDS))
        expect(answer.body).toMatchObject({
          code: 'HISTORY_INDEXING',
          details: { progress: { chainId: LOCAL, headBlock: BLOCKS } },
        })
      }
      expect(answers[0]!.body.details.state).toBe('unreachable')
      const last = answers.at(-1)!.body
      expect(last).toMatchObject({
        message: expect.stringMatching(/catching up/),
        details: { state: 'catching-up' },
      })
      expect(last.details.progress!.indexedBlock).toBeGreaterThanOrEqual(0)
      expect(last.details.progress!.indexedBlock).toBeLessThan(BLOCKS)
      // The share indexed, what the widget shows as "Indexing, N %": indexed block over the head.
      const { indexedBlock, fraction } = last.details.progress!
      expect(fraction).toBe(Math.floor((indexedBlock! / BLOCKS) * 1000) / 1000)
      expect(last.message).toContain(`${Math.floor(fraction! * 100)} %`)
    } finally {
      await api.stop()
    }
  }, 180_000)
})
