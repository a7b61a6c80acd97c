/**
 * The EVM indexer's own RPC reads (the chains' heads and the blocks it fingerprints, read
 * before Ponder starts) against a node that is slow to answer, as anvil is on a busy
 * machine: a local HTTP server leaves the first calls unanswered, then forwards to the
 * shared anvil. A read is tried again with a longer timeout instead of failing after one
 * 5 s try; a node that never answers fails with a message naming the call and the URL.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { blockHashAt } from '../../server/indexer/evm/chainFingerprints.js'
import { chainHeads } from '../../server/indexer/evm/waitUntilIndexed.js'
import { getDevstack } from '../support/devstack.js'

const servers: Server[] = []

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

/** A node in front of `rpcUrl` that never answers its first `silent` calls; counts every call. */
async function slowNode(rpcUrl: string, silent: number): Promise<{ url: string; calls: () => number }> {
  let calls = 0
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    calls++
    if (calls <= silent) return // the socket stays open, unanswered, as a stalled node's does
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', async () => {
      const answer = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: Buffer.concat(chunks),
      })
      response.writeHead(answer.status, { 'content-type': 'application/json' })
      response.end(await answer.text())
    })
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls: () => calls }
}

describe("the EVM indexer's RPC reads", () => {
  it('try again when the node leaves the first two calls unanswered', async () => {
    const anvil = getDevstack().chains[0]!
    const node = await slowNode(anvil.rpcUrl, 2)
    const direct = await blockHashAt(anvil.rpcUrl, 1n)
    expect(await blockHashAt(node.url, 1n)).toEqual(direct)
    expect(node.calls()).toBe(3)
  }, 60_000)

  it("read the chains' heads through a slow node", async () => {
    const anvil = getDevstack().chains[0]!
    const node = await slowNode(anvil.rpcUrl, 1)
    const heads = await chainHeads([{ chainId: anvil.chainId, rpcUrl: node.url }])
    const head = await blockHashAt(anvil.rpcUrl, 'latest')
    expect(heads).toEqual({
      [String(anvil.chainId)]: { blockNumber: String(head!.number), blockHash: head!.hash },
    })
  }, 60_000)

  it('fail, naming the call and the node, when it never answers', async () => {
    const node = await slowNode('http://127.0.0.1:9', Number.POSITIVE_INFINITY)
    const read = blockHashAt(node.url, 'latest', { attempts: 2, timeoutMs: 500, backoffMs: 10 })
    await expect(read).rejects.toThrow(`eth_getBlockByNumber at ${node.url} failed 2 times`)
  })
})
