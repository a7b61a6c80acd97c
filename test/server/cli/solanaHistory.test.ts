/**
 * Solana history from the package alone: `latchkit-server --config` with `history.solana`
 * follows the `solana` cluster itself (the real command in its own process, the local
 * litesvm endpoint in this one), keeping the index in the server's own database. A SOL
 * send shows in the sender's history once followed; until the follower has reached the
 * tip, history answers 503 `HISTORY_INDEXING`, never a 500; `/readyz` lists the follower.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StartedSolanaRpc, startSolanaRpc } from '../../../devstack/solana/index'
import { sendTransfer } from '../../adapters/solana/support/sendTransfer'
import { getDevstack } from '../../support/devstack'
import { runServerCli, SERVER_WAIT_MS, type ServerProcess } from '../../support/serverProcess'

const tempDir = mkdtempSync(join(tmpdir(), 'latchkit-server-solana-history-'))
afterAll(() => rmSync(tempDir, { recursive: true, force: true }))

describe('latchkit-server following the Solana cluster', () => {
  let rpc: StartedSolanaRpc
  let run: ServerProcess
  let url = ''
  let chainId = ''

  beforeAll(async () => {
    rpc = await startSolanaRpc()
    chainId = `solana:${rpc.genesisHash.slice(0, 32)}`
    const [chain] = getDevstack().chains
    const file = join(tempDir, 'solana.json')
    writeFileSync(
      file,
      JSON.stringify({
        port: 0,
        chains: [{ chainId: chain!.chainId, rpcUrl: chain!.rpcUrl }],
        solana: { rpcUrl: rpc.url, genesisHash: rpc.genesisHash, mints: [] },
        history: { solana: { pollIntervalMs: 100 } },
      }),
    )
    run = runServerCli(['--config', file])
    url = await run.ready()
  }, 180_000)

  afterAll(async () => {
    if (run && run.child.exitCode === null) {
      run.child.kill('SIGTERM')
      await run.exited
    }
    await rpc?.stop()
  }, 60_000)

  it('lists a SOL send once followed, answering 503 (never 500) until it has caught up', async () => {
    const sender = rpc.accounts[0]!.address
    const signature = await sendTransfer(rpc, {
      fromIndex: 0,
      to: rpc.accounts[1]!.address,
      value: 25_000_000n,
    })
    const statuses: number[] = []
    const deadline = Date.now() + SERVER_WAIT_MS
    for (;;) {
      const response = await fetch(`${url}/v1/account/${sender}/history?projectId=p&chainId=${chainId}`)
      statuses.push(response.status)
      const body = (await response.json()) as { data?: { metadata: { hash: string } }[]; code?: string }
      if (response.status === 503) expect(body.code).toBe('HISTORY_INDEXING')
      if (body.data?.some((entry) => entry.metadata.hash === signature)) break
      if (Date.now() > deadline) throw new Error(`the send is not in history; answers ${statuses.join(',')}`)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true)
    const up = await run.waitForLine((line) => line.msg === 'up' && line.service === 'history-solana', 'up')
    expect(up.detail).toContain(chainId)
    const readyz = (await (await fetch(`${url}/readyz`)).json()) as {
      services: Record<string, string>
      indexers: Record<string, unknown>
    }
    expect(readyz.indexers['history-solana']).toEqual({ state: 'ready', progress: 1 })
    // Its tables live in the server's database, opened for it.
    expect(readyz.services.database).toBe('ready')
  })

  it('stops the follower with the server on SIGTERM', async () => {
    run.child.kill('SIGTERM')
    expect(await run.exited).toBe(0)
    const lines = run.lines()
    const down = lines.findIndex((line) => line.msg === 'down' && line.service === 'history-solana')
    const databaseDown = lines.findIndex((line) => line.msg === 'down' && line.service === 'database')
    expect(down).toBeGreaterThan(-1)
    // The follower before the database it writes to.
    expect(down).toBeLessThan(databaseDown)
  })
})
