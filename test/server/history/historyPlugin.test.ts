/**
 * The history plugin's reading of the activity list against the real API server over
 * HTTP, its history read from the run's EVM indexer: what lands in the slice, the failure path through the server's fault switch (the
 * list marked empty, the cursor cleared), a fresh start on a network change, pending
 * transactions from `tx:sent` settled once the API lists them, and the missing-account
 * error.
 */
import { type Connector, connect, createKernel, type Kernel, switchNetwork } from 'latchkit'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { fixtureAccounts } from '../../../devstack/fixtures'
import { fetchTransactions } from '../../../plugins/history/fetchTransactions'
import { history } from '../../../plugins/history/history'
import { loadTransactions } from '../../../plugins/history/loadTransactions'
import { historySlice } from '../../../plugins/history/slice'
import { getDevstack } from '../../support/devstack'
import { EVM_INDEX_WAIT_MS, evmIndexCaughtUp, getEvmHistory } from '../../support/evmIndexer'
import { apiServerForFile, LOCAL, LOCAL_2, localNetworks, PROJECT_ID, SDK } from '../api/helpers'

// The run's one EVM indexer over the shared chains (its source, read over HTTP).
const server = apiServerForFile(() => getDevstack().chains, { history: [getEvmHistory()] })
beforeAll(() => evmIndexCaughtUp(), EVM_INDEX_WAIT_MS + 60_000)
// Account 0 deployed the fixtures and sent them out: it has transactions on both chains.
const holder = fixtureAccounts[0]!.address
let kernel: Kernel | undefined

beforeEach(() => {
  server().faults.clear()
})
afterEach(() => {
  kernel?.destroy()
  kernel = undefined
})

/** A kernel with the history plugin, connected as `address` on chain 31337 through a wallet that only answers connect. */
async function connectedKernel(address: string = holder): Promise<Kernel> {
  const k = createKernel({
    networks: localNetworks(),
    projectId: PROJECT_ID,
    ...SDK,
    api: { blockchainUrl: server().url },
    plugins: [history()],
    storage: null,
    logger: { level: 'silent' },
  })
  kernel = k
  const connector: Connector = {
    id: 'test.wallet',
    name: 'Test Wallet',
    type: 'CUSTOM',
    chain: 'eip155',
    connect: async () => ({ accounts: [{ address, type: 'eoa' }], chainId: 31337 }),
    disconnect: async () => {},
    switchNetwork: async () => {},
    getProvider: () => ({}),
  }
  k.connectors.register(connector)
  await connect(k, { connectorId: 'test.wallet' })
  return k
}

describe('history plugin against the API server', () => {
  it('reads the first page of the network in view, newest first', async () => {
    const k = await connectedKernel()
    await loadTransactions(k, { page: 'first' })
    const state = historySlice(k).get()
    expect(state.error).toBeUndefined()
    expect(state.transactions.length).toBeGreaterThan(0)
    expect(state.empty).toBe(false)
    expect(state.transactions.every((transaction) => transaction.metadata.chain === LOCAL)).toBe(true)
    const times = state.transactions.map((transaction) => Date.parse(transaction.metadata.minedAt))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    expect(state.lastNetworkInView).toBe(LOCAL)
  })

  it("a failed read marks the list empty, clears the cursor and keeps 'Failed to fetch transactions'", async () => {
    const k = await connectedKernel()
    historySlice(k).set((state) => {
      state.next = 'stale-cursor'
    })
    const errors: string[] = []
    k.bus.on('error', ({ error, source }) => errors.push(`${source}: ${error.shortMessage}`))
    // Every try of the request's retries answers 503.
    server().faults.set({ status: 503, count: 10, path: `/v1/account/${holder}/history` })
    await loadTransactions(k, { page: 'first' })
    expect(historySlice(k).get()).toMatchObject({
      transactions: [],
      empty: true,
      next: undefined,
      loading: false,
      error: 'Failed to fetch transactions',
    })
    expect(errors).toEqual(['history: Failed to fetch transactions'])
  })

  it('a network change starts the list afresh; the next read is of the new network', async () => {
    const k = await connectedKernel()
    await loadTransactions(k, { page: 'first' })
    const read = historySlice(k).get().transactions
    expect(read.length).toBeGreaterThan(0)
    // A wallet repeating accountsChanged with the same account changes nothing.
    k.bus.emit('account:changed', { namespace: 'eip155', address: holder, caipAddress: `${LOCAL}:${holder}` })
    expect(historySlice(k).get().transactions).toBe(read)
    await switchNetwork(k, { caipNetworkId: LOCAL_2 })
    expect(historySlice(k).get()).toMatchObject({ transactions: [], lastNetworkInView: undefined })
    await loadTransactions(k, { page: 'first' })
    const state = historySlice(k).get()
    expect(state.lastNetworkInView).toBe(LOCAL_2)
    expect(state.transactions.length).toBeGreaterThan(0)
    expect(state.transactions.every((transaction) => transaction.metadata.chain === LOCAL_2)).toBe(true)
  })

  it('a transaction from tx:sent stays pending until the API lists its hash', async () => {
    const k = await connectedKernel()
    await loadTransactions(k, { page: 'first' })
    const listed = historySlice(k).get().transactions[0]!.metadata.hash!
    const unknown = `0x${'ab'.repeat(32)}`
    for (const hash of [unknown, listed]) {
      k.bus.emit('tx:sent', { namespace: 'eip155', caipNetworkId: LOCAL, hash, from: holder, to: holder })
    }
    expect(
      historySlice(k)
        .get()
        .pending.map((pending) => pending.hash),
    ).toEqual([listed, unknown])
    await loadTransactions(k, { page: 'refresh' })
    expect(
      historySlice(k)
        .get()
        .pending.map((pending) => pending.hash),
    ).toEqual([unknown])
  })

  it("refuses to read without an account: 'Transactions can't be fetched without an accountAddress'", async () => {
    const k = await connectedKernel()
    await expect(fetchTransactions(k, { accountAddress: undefined })).rejects.toThrow(
      "Transactions can't be fetched without an accountAddress",
    )
  })
})
