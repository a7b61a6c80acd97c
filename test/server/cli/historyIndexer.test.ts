/**
 * History from the package alone: `latchkit-server --config` with `history.evm` runs the
 * EVM indexer (Ponder) itself, the real command in its own process. While the index
 * catches up, history answers 503 `HISTORY_INDEXING` with how far it is (never a 500)
 * and `/readyz` stays 200, listing the indexer; once caught up, a send made then shows in
 * history; SIGTERM stops Ponder with the server. An indexer whose database refuses at
 * first is started again with a growing pause, logged as JSON lines, and indexes once the
 * database is there. Waits follow the index's progress, with generous caps.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { createTestClient, createWalletClient, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../../devstack/anvil'
import { fixtureAccounts, historyAccount } from '../../../devstack/fixtures'
import { getDevstack } from '../../support/devstack'
import { type PostgresServer, startPostgres } from '../../support/postgres'
import { type LogLine, runServerCli, type ServerProcess } from '../../support/serverProcess'

const p = 'projectId=p'
const tempDir = mkdtempSync(join(tmpdir(), 'latchkit-server-history-'))
/** Give up on the index when nothing about it changed for this long, or after the cap. */
const STALL_MS = 5 * 60_000
const CAP_MS = 20 * 60_000

afterAll(() => rmSync(tempDir, { recursive: true, force: true }))

function configFile(name: string, config: object): string {
  const path = join(tempDir, name)
  writeFileSync(path, JSON.stringify(config, null, 2))
  return path
}

type HistoryAnswer = {
  status: number
  body: {
    data?: { id: string; metadata: { hash: string } }[]
    code?: string
    message?: string
    details?: {
      state?: string
      progress?: { indexedBlock: number | null; headBlock: number | null; fraction: number | null }
    }
  }
}

async function askHistory(url: string, account: string, chainId: number): Promise<HistoryAnswer> {
  const response = await fetch(`${url}/v1/account/${account}/history?${p}&chainId=eip155:${chainId}`)
  return { status: response.status, body: (await response.json()) as HistoryAnswer['body'] }
}

/**
 * Asks history until `done` accepts an answer, keeping every answer; fails when the
 * answers stop changing for STALL_MS (the index is stuck) or after CAP_MS.
 */
async function historyUntil(
  ask: () => Promise<HistoryAnswer>,
  done: (answer: HistoryAnswer) => boolean,
  what: string,
): Promise<HistoryAnswer[]> {
  const answers: HistoryAnswer[] = []
  const started = Date.now()
  let changedAt = started
  let last = ''
  for (;;) {
    const answer = await ask()
    answers.push(answer)
    if (done(answer)) return answers
    const key = JSON.stringify([answer.status, answer.body.details, answer.body.data?.length])
    if (key !== last) {
      last = key
      changedAt = Date.now()
    }
    const now = Date.now()
    if (now - changedAt > STALL_MS || now - started > CAP_MS)
      throw new Error(`no ${what}: history answered the same for ${now - changedAt} ms; last ${last}`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/** The URL of the Ponder process the `up` line names. */
const ponderUrlOf = (line: LogLine) => /indexed at (http:\/\/[^ ]+)/.exec(String(line.detail))?.[1]

describe('latchkit-server running the EVM indexer', () => {
  // Thousands of blocks: Ponder reads each one's transactions and traces, so the catch-up
  // lasts long enough to be seen.
  const BLOCKS = 2000
  const CHAIN_ID = 31337
  let anvil: AnvilInstance
  let run: ServerProcess
  let url = ''

  beforeAll(async () => {
    // Its own chain: the test sends on it, and the shared chains are read-only.
    anvil = await startAnvil({ chainId: CHAIN_ID })
    const client = createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl, { timeout: 60_000 }) })
    for (let mined = 0; mined < BLOCKS; mined += 250) await client.mine({ blocks: 250 })
    const file = configFile('indexed.json', {
      port: 0,
      chains: [{ chainId: CHAIN_ID, rpcUrl: anvil.rpcUrl }],
      history: { evm: { pollingIntervalMs: 200 } },
    })
    run = runServerCli(['--config', file])
    url = await run.ready()
  }, 180_000)

  afterAll(async () => {
    if (run && run.child.exitCode === null) {
      run.child.kill('SIGTERM')
      await run.exited
    }
    await anvil?.stop()
  }, 60_000)

  it('is ready without waiting for the index, which /readyz and /metrics report', async () => {
    const readyz = await fetch(`${url}/readyz`)
    expect(readyz.status).toBe(200)
    const body = (await readyz.json()) as { ready: boolean; indexers: Record<string, { state: string }> }
    expect(body.ready).toBe(true)
    // 2,000 blocks and Ponder's own boot of 25 s or more: not caught up yet.
    expect(['starting', 'catching-up']).toContain(body.indexers['history-evm']?.state)
    const metrics = await (await fetch(`${url}/metrics`)).text()
    expect(metrics).toContain('latchkit_service_ready{service="history-evm"} 0')
    expect(metrics).toMatch(/latchkit_history_index_progress\{service="history-evm"\} 0(\.\d+)?\n/)
  })

  it(
    'answers history 503 with how far the index is while it catches up, never a 500, then the history',
    async () => {
      const answers = await historyUntil(
        () => askHistory(url, historyAccount.address, CHAIN_ID),
        (answer) => answer.status === 200,
        'history once indexed',
      )
      const waits = answers.filter((answer) => answer.status === 503)
      expect(answers.every((answer) => answer.status === 200 || answer.status === 503)).toBe(true)
      for (const wait of waits) expect(wait.body.code).toBe('HISTORY_INDEXING')
      const catchingUp = waits.filter((wait) => wait.body.details?.state === 'catching-up')
      expect(catchingUp.length).toBeGreaterThan(0)
      // How far it is, once Ponder says which block it has reached (null before that).
      const measured = catchingUp.filter((wait) => typeof wait.body.details?.progress?.fraction === 'number')
      expect(measured.length).toBeGreaterThan(0)
      const fractions = measured.map((wait) => wait.body.details?.progress?.fraction as number)
      for (const fraction of fractions) {
        expect(fraction).toBeGreaterThanOrEqual(0)
        expect(fraction).toBeLessThan(1)
      }
      // It only moves forward.
      expect(fractions).toEqual([...fractions].sort((a, b) => a - b))
      expect(measured.at(-1)?.body.message).toMatch(/catching up .* \d+ %\)/)
      // The run logged its progress and its start as JSON lines.
      const up = await run.waitForLine(
        (line) => line.msg === 'up' && line.service === 'history-evm',
        'indexer up',
      )
      expect(up.detail).toMatch(/EVM history of eip155:31337 indexed at http:\/\/127\.0\.0\.1:\d+/)
      expect(run.lines().some((line) => line.msg === 'request' && line.status === 500)).toBe(false)
      const readyz = (await (await fetch(`${url}/readyz`)).json()) as {
        indexers: Record<string, { state: string; progress: number }>
      }
      expect(readyz.indexers['history-evm']).toEqual({ state: 'ready', progress: 1 })
    },
    CAP_MS + 60_000,
  )

  it(
    'shows a send made once the index has caught up',
    async () => {
      const [alice, bob] = fixtureAccounts
      const wallet = createWalletClient({
        account: privateKeyToAccount(alice!.privateKey),
        chain: {
          id: CHAIN_ID,
          name: 'local',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: [anvil.rpcUrl] } },
        },
        transport: http(anvil.rpcUrl),
      })
      const hash = await wallet.sendTransaction({ to: bob!.address, value: parseEther('0.5') })
      const answers = await historyUntil(
        () => askHistory(url, bob!.address, CHAIN_ID),
        (answer) => answer.body.data?.some((entry) => entry.metadata.hash === hash) === true,
        `the send ${hash} in history`,
      )
      expect(answers.at(-1)?.status).toBe(200)
    },
    CAP_MS + 60_000,
  )

  it('stops Ponder with the server on SIGTERM', async () => {
    const up = await run.waitForLine(
      (line) => line.msg === 'up' && line.service === 'history-evm',
      'indexer up',
    )
    const ponderUrl = ponderUrlOf(up)
    expect(ponderUrl).toBeDefined()
    expect((await fetch(`${ponderUrl}/ready`)).status).toBe(200)
    run.child.kill('SIGTERM')
    expect(await run.exited).toBe(0)
    expect(run.lines().some((line) => line.msg === 'down' && line.service === 'history-evm')).toBe(true)
    await expect(fetch(`${ponderUrl}/ready`)).rejects.toThrow()
  }, 120_000)
})

describe('latchkit-server whose indexer cannot start at first', () => {
  const DATABASE = 'latchkit_index_late'
  let postgres: PostgresServer
  let run: ServerProcess
  let url = ''
  const [shared] = getDevstack().chains

  beforeAll(async () => {
    postgres = await startPostgres()
    // The database the index is to live in does not exist yet: every start fails until it does.
    const indexUrl = postgres.url.replace(/\/postgres$/, `/${DATABASE}`)
    const file = configFile('late-database.json', {
      port: 0,
      // The shared chain, read only.
      chains: [{ chainId: shared!.chainId, rpcUrl: shared!.rpcUrl }],
      history: {
        evm: { database: { url: indexUrl }, pollingIntervalMs: 200 },
        retry: { firstMs: 500, maxMs: 4_000 },
      },
    })
    run = runServerCli(['--config', file])
    url = await run.ready()
  }, 180_000)

  afterAll(async () => {
    if (run && run.child.exitCode === null) {
      run.child.kill('SIGTERM')
      await run.exited
    }
    await postgres?.stop()
  }, 60_000)

  it(
    'retries with a growing pause, answering history 503 meanwhile, and indexes once the database is there',
    async () => {
      const failed = (attempt: number) => (line: LogLine) =>
        line.msg === 'indexer failed' && line.service === 'history-evm' && line.attempt === attempt
      const first = await run.waitForLine(failed(1), 'first failed start')
      const second = await run.waitForLine(failed(2), 'second failed start')
      expect(first).toMatchObject({ level: 'error', retryInMs: 500 })
      expect(second).toMatchObject({ level: 'error', retryInMs: 1_000 })
      expect(String((first.error as { message: string }).message)).toContain(DATABASE)

      const waiting = await askHistory(url, historyAccount.address, shared!.chainId)
      expect(waiting.status).toBe(503)
      expect(waiting.body).toMatchObject({ code: 'HISTORY_INDEXING', details: { state: 'unreachable' } })
      const readyz = (await (await fetch(`${url}/readyz`)).json()) as {
        ready: boolean
        indexers: Record<string, { state: string }>
      }
      expect(readyz.ready).toBe(true)
      expect(['retrying', 'starting']).toContain(readyz.indexers['history-evm']?.state)

      const admin = new pg.Client({ connectionString: postgres.url })
      await admin.connect()
      try {
        await admin.query(`CREATE DATABASE ${DATABASE}`)
      } finally {
        await admin.end()
      }
      const answers = await historyUntil(
        () => askHistory(url, historyAccount.address, shared!.chainId),
        (answer) => answer.status === 200 && (answer.body.data?.length ?? 0) > 0,
        'history once the database is there',
      )
      expect(answers.every((answer) => answer.status === 200 || answer.status === 503)).toBe(true)
      const up = await run.waitForLine(
        (line) => line.msg === 'up' && line.service === 'history-evm',
        'indexer up after the retries',
      )
      expect(up.attempt).toBeGreaterThanOrEqual(2)
      expect(up.detail).toContain(`PostgreSQL at postgres://postgres@127.0.0.1:${postgres.port}/${DATABASE}`)
    },
    CAP_MS + 120_000,
  )
})
