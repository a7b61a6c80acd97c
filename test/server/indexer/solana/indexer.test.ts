/**
 * The Solana history index against the real local endpoint and a real PGlite: the
 * transfers the dev wallet makes appear for both sides, pages follow their cursor, a
 * restart resumes without duplicates, and a new cluster (or a fresh ledger) clears the rows.
 */

import { ed25519 } from '@noble/curves/ed25519.js'
import { address, createSolanaRpc, getBase58Decoder } from '@solana/kit'
import { formatUnits } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startApiServer } from '../../../../devstack/api/server.js'
import { type StartedSolanaRpc, startSolanaRpc } from '../../../../devstack/solana/index.js'
import type { HistorySource, IndexedTransaction } from '../../../../server/api/historySource.js'
import { openPglite } from '../../../../server/db/pgliteTemplate.js'
import { type SolanaIndexer, startSolanaIndexer } from '../../../../server/indexer/solana/index.js'
import { sendTransfer } from '../../../adapters/solana/support/sendTransfer.js'

let rpc: StartedSolanaRpc
let chainId: string
const started: SolanaIndexer[] = []
beforeAll(async () => {
  rpc = await startSolanaRpc()
  chainId = `solana:${rpc.genesisHash.slice(0, 32)}`
})
// One follower at a time: idle ones polling in the background only slow the next test down.
afterEach(async () => {
  await Promise.all(started.splice(0).map((indexer) => indexer.stop()))
})
afterAll(async () => {
  await rpc?.stop()
})

const POLL = { timeout: 15_000, interval: 50 }
const fresh = () => getBase58Decoder().decode(ed25519.utils.randomSecretKey().slice(0, 32))

async function indexer(options: Partial<Parameters<typeof startSolanaIndexer>[0]> = {}) {
  const started_ = await startSolanaIndexer({ rpcUrl: rpc.url, chainId, pollMs: 50, ...options })
  started.push(started_)
  return started_
}

/** Every page of an account's history, following `next`. */
async function allOf(source: HistorySource, account: string, limit = 20): Promise<IndexedTransaction[]> {
  const all: IndexedTransaction[] = []
  let cursor: string | undefined
  do {
    const page = await source.history({ account, chainIds: [], limit, ...(cursor ? { cursor } : {}) })
    all.push(...page.transactions)
    cursor = page.next ?? undefined
  } while (cursor)
  return all
}

const find = (source: HistorySource, account: string, hash: string) => async () =>
  (await allOf(source, account)).find((entry) => entry.hash === hash)

describe('Solana history index', () => {
  it('a SOL send and an SPL send appear for both sides with direction and amount', async () => {
    const { source } = await indexer()
    const [sender, receiver, tokenReceiver] = [rpc.accounts[0]!.address, fresh(), fresh()]
    const sol = await sendTransfer(rpc, { fromIndex: 0, to: receiver, value: 250_000_000n })
    const spl = await sendTransfer(rpc, {
      fromIndex: 0,
      to: tokenReceiver,
      value: 1_500_000n,
      mint: rpc.mint.address,
    })

    const sent = await expect
      .poll(find(source, sender, sol), POLL)
      .toBeDefined()
      .then(() => find(source, sender, sol)())
    expect(sent).toMatchObject({
      chainId,
      from: sender,
      to: receiver,
      status: 'confirmed',
      operationType: 'send',
      // Only the amount: the fee is not a transfer.
      transfers: [
        { kind: 'native', from: sender, to: receiver, direction: 'out', amount: '250000000', decimals: 9 },
      ],
    })
    expect(Date.parse(sent!.minedAt)).toBeGreaterThan(Date.now() - 60_000)
    await expect.poll(find(source, receiver, sol), POLL).toMatchObject({
      operationType: 'receive',
      transfers: [{ kind: 'native', from: sender, to: receiver, direction: 'in', amount: '250000000' }],
    })

    const lusd = { kind: 'fungible', contract: rpc.mint.address, amount: '1500000', decimals: 6 }
    await expect.poll(find(source, tokenReceiver, spl), POLL).toMatchObject({
      operationType: 'receive',
      transfers: [{ ...lusd, from: sender, to: tokenReceiver, direction: 'in' }],
    })
    const tokenSend = await find(source, sender, spl)()
    expect(tokenSend?.operationType).toBe('send')
    expect(tokenSend?.transfers).toContainEqual({
      ...lusd,
      from: sender,
      to: tokenReceiver,
      direction: 'out',
    })

    // Newest first: the SPL send landed after the SOL send.
    const senderHistory = await allOf(source, sender)
    expect(senderHistory.map((entry) => entry.hash).filter((hash) => hash === sol || hash === spl)).toEqual([
      spl,
      sol,
    ])
  })

  it("an SPL send that creates the receiver's token account is one send, the rent in its fee", async () => {
    const { source } = await indexer()
    const client = createSolanaRpc(rpc.url)
    const sender = rpc.accounts[2]!.address
    const receiver = fresh()
    const solOf = async (account: string) => (await client.getBalance(address(account)).send()).value
    const before = await solOf(sender)
    const spl = await sendTransfer(rpc, {
      fromIndex: 2,
      to: receiver,
      value: 2_000_000n,
      mint: rpc.mint.address,
    })
    const spent = before - (await solOf(sender))
    const rent = await client.getMinimumBalanceForRentExemption(165n).send()

    await expect.poll(find(source, sender, spl), POLL).toBeDefined()
    const sent = await find(source, sender, spl)()
    // One transfer, the tokens: the receiver's new account's rent is no SOL send to it.
    expect(sent).toMatchObject({ operationType: 'send', to: receiver })
    expect(sent!.transfers).toEqual([
      {
        kind: 'fungible',
        contract: rpc.mint.address,
        from: sender,
        to: receiver,
        direction: 'out',
        amount: '2000000',
        decimals: 6,
      },
    ])
    // The fee is everything the send cost the sender in SOL: the network fee and that rent.
    expect(sent!.fee).toBe(spent.toString())
    expect(spent).toBeGreaterThan(rent)
    // The receiver's side: the tokens only.
    await expect.poll(find(source, receiver, spl), POLL).toMatchObject({
      operationType: 'receive',
      transfers: [{ kind: 'fungible', direction: 'in', amount: '2000000' }],
    })

    // Over the API: one row with one amount, and the fee in SOL beside it.
    const api = await startApiServer({
      // An EVM chain the API needs to start with; nothing here reads it.
      chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }],
      solana: { rpcUrl: rpc.url, genesisHash: rpc.genesisHash, mints: rpc.mints },
      history: [source],
    })
    try {
      const query = new URLSearchParams({ projectId: 'solana-test', chainId })
      const answer = (await (await fetch(`${api.url}/v1/account/${sender}/history?${query}`)).json()) as {
        data: { metadata: { hash: string }; transfers: unknown[]; fee?: unknown }[]
      }
      const row = answer.data.find((entry) => entry.metadata.hash === spl)
      expect(row?.transfers).toEqual([
        expect.objectContaining({
          direction: 'out',
          quantity: { numeric: '2' },
          fungible_info: expect.objectContaining({ symbol: 'LUSD' }),
        }),
      ])
      expect(row?.fee).toMatchObject({
        fungible_info: { symbol: 'SOL' },
        quantity: { numeric: formatUnits(spent, 9) },
      })
    } finally {
      await api.stop()
    }
  })

  it('pages newest first with an opaque cursor, without gaps or repeats', async () => {
    const { source } = await indexer()
    const receiver = fresh()
    const signatures: string[] = []
    for (let i = 1; i <= 5; i++) {
      signatures.push(await sendTransfer(rpc, { fromIndex: 3, to: receiver, value: BigInt(i) * 1_000_000n }))
    }
    await expect.poll(async () => (await allOf(source, receiver)).length, POLL).toBe(5)
    const first = await source.history({ account: receiver, chainIds: [chainId], limit: 2 })
    expect(first.transactions.map((entry) => entry.hash)).toEqual([signatures[4], signatures[3]])
    expect(first.next).toMatch(/^[A-Za-z0-9_-]{1,200}$/)
    const second = await source.history({ account: receiver, chainIds: [], limit: 2, cursor: first.next! })
    expect(second.transactions.map((entry) => entry.hash)).toEqual([signatures[2], signatures[1]])
    const third = await source.history({ account: receiver, chainIds: [], limit: 2, cursor: second.next! })
    expect(third.transactions.map((entry) => entry.hash)).toEqual([signatures[0]])
    expect(third.next).toBeNull()
    expect(third.transactions[0]?.transfers[0]?.amount).toBe('1000000')
    await expect(
      source.history({ account: receiver, chainIds: [], limit: 2, cursor: 'bm9wZQ' }),
    ).rejects.toThrow('cursor: must be the `next` of a previous page')
    expect(source.covers(chainId)).toBe(true)
    expect(source.covers('solana:elsewhere')).toBe(false)
  })

  it('resumes where it stopped after a restart, without duplicates', async () => {
    const database = await openPglite()
    try {
      const receiver = fresh()
      const first = await indexer({ database })
      const before = await sendTransfer(rpc, { fromIndex: 2, to: receiver, value: 1_000_000n })
      await expect.poll(find(first.source, receiver, before), POLL).toBeDefined()
      await first.stop()
      const during = await sendTransfer(rpc, { fromIndex: 2, to: receiver, value: 2_000_000n })
      const second = await indexer({ database })
      await expect.poll(find(second.source, receiver, during), POLL).toBeDefined()
      const after = await sendTransfer(rpc, { fromIndex: 2, to: receiver, value: 3_000_000n })
      await expect.poll(find(second.source, receiver, after), POLL).toBeDefined()
      expect((await allOf(second.source, receiver)).map((entry) => entry.hash)).toEqual([
        after,
        during,
        before,
      ])
      const { rows } = await database.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM solana_transactions WHERE signature = ANY($1)',
        [[before, during, after]],
      )
      expect(rows[0]?.count).toBe(3)
    } finally {
      await Promise.all(started.splice(0).map((indexer) => indexer.stop()))
      await database.close()
    }
  })

  it('clears its rows when the cluster changes, or the ledger behind the same genesis starts afresh', async () => {
    const database = await openPglite()
    const others: StartedSolanaRpc[] = []
    try {
      const receiver = fresh()
      const first = await indexer({ database })
      const old = await sendTransfer(rpc, { fromIndex: 1, to: receiver, value: 4_000_000n })
      await expect.poll(find(first.source, receiver, old), POLL).toBeDefined()
      await first.stop()

      // Another cluster behind the same chain id: what was indexed is not its history.
      const other = await startSolanaRpc({ genesisHash: fresh() })
      others.push(other)
      const moved = await indexer({ database, rpcUrl: other.url })
      const elsewhere = await sendTransfer(other, { fromIndex: 1, to: receiver, value: 5_000_000n })
      await expect
        .poll(async () => (await allOf(moved.source, receiver)).map((entry) => entry.hash), POLL)
        .toEqual([elsewhere])
      await moved.stop()

      // A fresh ledger with the same genesis hash (a restarted devstack): other blocks at the same slots.
      const restarted = await startSolanaRpc({ genesisHash: other.genesisHash })
      others.push(restarted)
      const again = await indexer({ database, rpcUrl: restarted.url })
      const renewed = await sendTransfer(restarted, { fromIndex: 1, to: receiver, value: 6_000_000n })
      await expect
        .poll(async () => (await allOf(again.source, receiver)).map((entry) => entry.hash), POLL)
        .toEqual([renewed])
    } finally {
      await Promise.all(started.splice(0).map((indexer) => indexer.stop()))
      await Promise.all(others.map((other) => other.stop()))
      await database.close()
    }
  })
})
