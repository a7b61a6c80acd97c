/**
 * The wait for the EVM index to catch up follows its progress: an index that moves slowly
 * is waited for past any fixed time, one that stops moving is given up with how far it got.
 * A local HTTP server answers Ponder's /ready and /status as an indexer backfilling does.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { waitUntilIndexed } from '../../server/indexer/evm/waitUntilIndexed.js'

const servers: Server[] = []

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

/** A fake indexer of chain 31337 at block `block()`, ready once it reaches `readyAt`. */
async function fakeIndexer(block: () => number, readyAt: number): Promise<string> {
  const server = createServer((request, response) => {
    const at = block()
    if (request.url === '/ready') {
      response.writeHead(at >= readyAt ? 200 : 503).end()
      return
    }
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ chain_31337: { id: 31337, block: { number: at, timestamp: 0 } } }))
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

const heads = (blockNumber: number) => ({
  '31337': { blockNumber: String(blockNumber), blockHash: '0x00' as const },
})

describe('waitUntilIndexed', () => {
  it('waits for an index that moves a block every 250 ms, far past the time without progress it allows', async () => {
    const started = Date.now()
    const url = await fakeIndexer(() => Math.floor((Date.now() - started) / 250), 10)
    const readings: unknown[] = []
    await waitUntilIndexed(url, heads(16), { stallMs: 1_500, onProgress: (p) => readings.push(p) })
    expect(Date.now() - started).toBeGreaterThan(3_000)
    expect(readings.length).toBeGreaterThan(5)
  })

  it('gives up on an index that stops moving, saying how far it got', async () => {
    const url = await fakeIndexer(() => 7, 100)
    await expect(waitUntilIndexed(url, heads(40), { stallMs: 1_000 })).rejects.toThrow(
      /made no progress for \d+ s \(backfilling: chain 31337 at block 7 of 40\)/,
    )
  })

  it('gives up at its cap even while the index moves', async () => {
    const started = Date.now()
    const url = await fakeIndexer(() => Math.floor((Date.now() - started) / 100), 1_000_000)
    await expect(waitUntilIndexed(url, heads(1_000_000), { capMs: 1_000 })).rejects.toThrow(
      /did not catch up within 1 s \(backfilling: chain 31337 at block \d+ of 1000000\)/,
    )
  })
})
