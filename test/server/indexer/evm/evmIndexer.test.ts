/**
 * The EVM history indexer end to end: real anvil chains (with the seeded history account),
 * one real Ponder process for the whole file, read over HTTP through its HistorySource.
 * The file starts its own chains because it sends transactions. The last two tests
 * restart the indexer: on the same database (it resumes), then against a new anvil with
 * the same chain id (it starts over).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type Address,
  concatHex,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  getAddress,
  type Hex,
  http,
  parseEther,
  toHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StartedChains, startChains } from '../../../../devstack/chain'
import { loadFixtureArtifacts } from '../../../../devstack/contracts/artifacts'
import {
  fixtureAccounts,
  fixtureContracts,
  fixtureHistory,
  historyAccount,
  historyCounterparty,
} from '../../../../devstack/fixtures'
import { localChain } from '../../../../devstack/local-chain'
import type { HistorySource, IndexedTransaction } from '../../../../server/api/historySource'
import { type EvmIndexer, startEvmIndexer } from '../../../../server/indexer/evm/startEvmIndexer'
import { TRANSFER_TOPIC } from '../../../../server/indexer/evm/tokenLogs'

const CHAIN = 'eip155:31337'
const ZERO = '0x0000000000000000000000000000000000000000'

let chains: StartedChains
let indexer: EvmIndexer
let dataDir: string

const start = () =>
  startEvmIndexer({
    chains: chains.chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl })),
    database: { dataDir },
    pollingIntervalMs: 100,
  })

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'latchkit-indexer-test-'))
  chains = await startChains()
  indexer = await start()
}, 180_000)

afterAll(async () => {
  await indexer?.stop()
  await chains?.stop()
  rmSync(dataDir, { recursive: true, force: true })
}, 60_000)

/** Every page of an account's history on the given chains, in the order served. */
async function allPages(source: HistorySource, account: Address, chainIds: string[], limit: number) {
  const pages: IndexedTransaction[][] = []
  let cursor: string | undefined
  do {
    const page = await source.history({ account, chainIds, limit, ...(cursor && { cursor }) })
    pages.push(page.transactions)
    cursor = page.next ?? undefined
  } while (cursor)
  return pages
}

const history = (account: Address, chainIds = [CHAIN], limit = 50) =>
  indexer.source.history({ account, chainIds, limit })

function wallet(privateKey: Hex, chainIndex = 0) {
  const { chainId, rpcUrl } = chains.chains[chainIndex]!
  const chain = localChain(chainId, rpcUrl)
  return createWalletClient({ account: privateKeyToAccount(privateKey), chain, transport: http(rpcUrl) })
}

async function mined(hash: Hex, chainIndex = 0) {
  const client = createPublicClient({ transport: http(chains.chains[chainIndex]!.rpcUrl) })
  return client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
}

/** The entry for `hash` once the index has it. */
async function indexed(account: Address, hash: Hex): Promise<IndexedTransaction> {
  let found: IndexedTransaction | undefined
  await expect
    .poll(
      async () => {
        found = (await history(account)).transactions.find((tx) => tx.hash === hash)
        return found !== undefined
      },
      { timeout: 10_000, interval: 50 },
    )
    .toBe(true)
  return found!
}

// Contracts made of a few opcodes, deployed by the tests, for what the fixtures lack.
// Each emits ERC-20-shaped Transfer events (three topics) about its caller.
const push32 = (word: Hex) => concatHex(['0x7f', word])
const logTransfer = (amount: number, from: Hex, to: Hex) =>
  concatHex([
    toHex(0x60, { size: 1 }),
    toHex(amount, { size: 1 }),
    '0x600052',
    to,
    from,
    push32(TRANSFER_TOPIC),
    '0x60206000a3',
  ])
const CALLER = '0x33'
const ADDRESS = '0x30'
const PUSH0_ZERO = '0x6000'
/** Emits Transfer(caller -> 0x0, 5): a burn of the caller's tokens. */
const burnRuntime = concatHex([logTransfer(5, CALLER, PUSH0_ZERO), '0x00'])
/** Emits Transfer(caller -> this, 7) and Transfer(this -> caller, 9): a swap. */
const tradeRuntime = concatHex([logTransfer(7, CALLER, ADDRESS), logTransfer(9, ADDRESS, CALLER), '0x00'])
/** Forwards the value it receives to `to`: an internal transfer only a call trace shows. */
const forwarderRuntime = (to: Address) =>
  concatHex(['0x6000600060006000', '0x34', '0x73', to, '0x5af1', '0x00'])
/** Init code that returns `runtime` as the contract's code. */
const deployable = (runtime: Hex) => {
  const size = (runtime.length - 2) / 2
  return concatHex(['0x60', toHex(size, { size: 1 }), '0x80600b6000396000f3', runtime])
}

async function deploy(privateKey: Hex, runtime: Hex): Promise<{ hash: Hex; address: Address }> {
  const hash = await wallet(privateKey).sendTransaction({ data: deployable(runtime), gas: 200_000n })
  const receipt = await mined(hash)
  expect(receipt.status).toBe('success')
  return { hash, address: getAddress(receipt.contractAddress!) }
}

describe('the seeded history account', () => {
  it('pages newest first (block, then position) past two pages, without duplicates or gaps', async () => {
    const pages = await allPages(indexer.source, historyAccount.address, [CHAIN], 100)
    expect(pages.length).toBeGreaterThanOrEqual(3)
    const all = pages.flat()
    expect(new Set(all.map((tx) => tx.hash)).size).toBe(all.length)
    expect(all).toHaveLength(fixtureHistory.transactionCount)
    // One seeded transaction per block, from block 2: every block is there, newest first.
    const blocks = all.map((tx) => Number(tx.blockNumber))
    expect(blocks).toEqual(blocks.map((_, i) => fixtureHistory.transactionCount + 1 - i))
    expect(all.every((tx) => tx.chainId === CHAIN && tx.status === 'confirmed')).toBe(true)
    expect(all.at(-1)!.minedAt).toBe(new Date(fixtureHistory.firstAt * 1000).toISOString())
    expect(all[0]!.minedAt).toBe(new Date(fixtureHistory.lastAt * 1000).toISOString())
  })

  it('orders by block then position across both chains, and filters by chain', async () => {
    const both = (await allPages(indexer.source, fixtureAccounts[1]!.address, [], 3)).flat()
    const keys = both.map(
      (tx) => [BigInt(tx.blockNumber), tx.index, Number(tx.chainId.split(':')[1])] as const,
    )
    const sorted = [...keys].sort((a, b) =>
      a[0] !== b[0] ? (b[0] > a[0] ? 1 : -1) : b[1] - a[1] || b[2] - a[2],
    )
    expect(keys).toEqual(sorted)
    expect(new Set(both.map((tx) => tx.chainId))).toEqual(new Set(['eip155:31337', 'eip155:31338']))
    const one = (await allPages(indexer.source, fixtureAccounts[1]!.address, ['eip155:31338'], 50)).flat()
    expect(one.length).toBeGreaterThan(0)
    expect(one.every((tx) => tx.chainId === 'eip155:31338')).toBe(true)
    expect(
      await indexer.source.history({ account: historyAccount.address, chainIds: ['eip155:1'], limit: 5 }),
    ).toEqual({
      transactions: [],
      next: null,
    })
    expect(indexer.source.covers('eip155:31338')).toBe(true)
    expect(indexer.source.covers('eip155:1')).toBe(false)
  })

  it('records sends, receives, the approval and the mints, with token facts read from the contracts', async () => {
    const all = (await allPages(indexer.source, historyAccount.address, [CHAIN], 100)).flat()
    const types = new Set(all.map((tx) => tx.operationType))
    expect(types).toEqual(new Set(['send', 'receive', 'approve', 'mint']))

    const ethIn = all.find((tx) => tx.operationType === 'receive' && tx.transfers[0]?.kind === 'native')!
    expect(ethIn.transfers).toEqual([
      expect.objectContaining({
        kind: 'native',
        from: historyCounterparty.address,
        to: historyAccount.address,
        direction: 'in',
        amount: parseEther('0.2').toString(),
      }),
    ])
    const lusdOut = all.find(
      (tx) => tx.operationType === 'send' && tx.transfers[0]?.contract === fixtureContracts.LUSD,
    )!
    expect(lusdOut.transfers).toEqual([
      {
        kind: 'fungible',
        contract: fixtureContracts.LUSD,
        from: historyAccount.address,
        to: historyCounterparty.address,
        direction: 'out',
        amount: '40000000',
        decimals: 6,
        symbol: 'LUSD',
        name: 'Latch USD',
      },
    ])
    const approval = all.filter((tx) => tx.operationType === 'approve')
    expect(approval).toHaveLength(1)
    expect(approval[0]!.to).toBe(fixtureContracts.LUSD)
    expect(approval[0]!.transfers).toEqual([])

    const mints = all.filter((tx) => tx.operationType === 'mint')
    expect(
      mints.map((tx) => tx.transfers.map((t) => [t.kind, t.contract, t.from, t.direction, t.symbol])),
    ).toEqual([
      [['nft', fixtureContracts.SPAM, ZERO, 'in', 'CLAIM']],
      [['nft', fixtureContracts.LPNK, ZERO, 'in', 'LPNK']],
    ])
  })
})

describe('live indexing', () => {
  it('shows a mined transaction within a short poll, for the sender and the receiver', async () => {
    const [, sender, receiver] = fixtureAccounts
    const hash = await wallet(sender!.privateKey).sendTransaction({
      to: receiver!.address,
      value: parseEther('1.5'),
    })
    await mined(hash)
    const sent = await indexed(sender!.address, hash)
    expect(sent).toMatchObject({
      operationType: 'send',
      status: 'confirmed',
      from: sender!.address,
      to: receiver!.address,
    })
    expect(sent.transfers).toEqual([
      expect.objectContaining({ kind: 'native', direction: 'out', amount: parseEther('1.5').toString() }),
    ])
    expect((await indexed(receiver!.address, hash)).operationType).toBe('receive')
  })

  it('sees an internal ETH transfer through the call trace', async () => {
    const [, payer, payee] = fixtureAccounts
    const forwarder = await deploy(payer!.privateKey, forwarderRuntime(payee!.address))
    const hash = await wallet(payer!.privateKey).sendTransaction({ to: forwarder.address, value: 777n })
    await mined(hash)
    const received = await indexed(payee!.address, hash)
    expect(received.operationType).toBe('receive')
    expect(received.transfers).toEqual([
      expect.objectContaining({
        kind: 'native',
        from: forwarder.address,
        to: payee!.address,
        direction: 'in',
        amount: '777',
      }),
    ])
  })

  it('tells deploy, burn, trade and execute apart, and records a failed transaction', async () => {
    const actor = fixtureAccounts[3]!
    const burner = await deploy(actor.privateKey, burnRuntime)
    const swapper = await deploy(actor.privateKey, tradeRuntime)
    expect((await indexed(actor.address, burner.hash)).operationType).toBe('deploy')

    const burn = await wallet(actor.privateKey).sendTransaction({ to: burner.address, gas: 100_000n })
    await mined(burn)
    const burnt = await indexed(actor.address, burn)
    expect(burnt.operationType).toBe('burn')
    // Not a token that answers symbol(): its facts stay unknown rather than failing the block.
    expect(burnt.transfers).toEqual([
      {
        kind: 'fungible',
        contract: burner.address,
        from: actor.address,
        to: ZERO,
        direction: 'out',
        amount: '5',
      },
    ])

    const trade = await wallet(actor.privateKey).sendTransaction({ to: swapper.address, gas: 100_000n })
    await mined(trade)
    const traded = await indexed(actor.address, trade)
    expect(traded.operationType).toBe('trade')
    expect(traded.transfers.map((t) => [t.direction, t.amount])).toEqual([
      ['out', '7'],
      ['in', '9'],
    ])

    // Only the minter may mint: this reverts, and moves nothing.
    const { FixtureNFT } = loadFixtureArtifacts().artifacts.contracts
    const failed = await wallet(actor.privateKey).sendTransaction({
      to: fixtureContracts.LPNK,
      data: encodeFunctionData({ abi: FixtureNFT.abi, functionName: 'mint', args: [actor.address] }),
      gas: 200_000n,
    })
    expect((await mined(failed)).status).toBe('reverted')
    expect(await indexed(actor.address, failed)).toMatchObject({
      operationType: 'execute',
      status: 'failed',
      transfers: [],
    })
  })

  it('keeps a cursor stable while new blocks arrive', async () => {
    const first = await indexer.source.history({
      account: historyAccount.address,
      chainIds: [CHAIN],
      limit: 20,
    })
    const hash = await wallet(historyCounterparty.privateKey).sendTransaction({
      to: historyAccount.address,
      value: 1n,
    })
    await mined(hash)
    await indexed(historyAccount.address, hash)
    const second = await indexer.source.history({
      account: historyAccount.address,
      chainIds: [CHAIN],
      limit: 20,
      cursor: first.next!,
    })
    expect(BigInt(second.transactions[0]!.blockNumber)).toBe(
      BigInt(first.transactions.at(-1)!.blockNumber) - 1n,
    )
    expect(second.transactions.some((tx) => first.transactions.some((f) => f.hash === tx.hash))).toBe(false)
  })

  it('refuses a cursor that is not from a previous page', async () => {
    await expect(
      indexer.source.history({
        account: historyAccount.address,
        chainIds: [CHAIN],
        limit: 20,
        cursor: 'bm90LWEtY3Vyc29y',
      }),
    ).rejects.toThrow(/cursor/)
  })
})

describe('restarts', () => {
  // Each restarts Ponder and waits for it to catch up: about 30 s on a quiet machine,
  // past 120 s with two suites side by side on 2 cores.
  it('resumes on the same database: old rows kept, new ones added, none twice', async () => {
    const before = (await allPages(indexer.source, historyAccount.address, [CHAIN], 100)).flat()
    await indexer.stop()
    const hash = await wallet(historyCounterparty.privateKey).sendTransaction({
      to: historyAccount.address,
      value: 2n,
    })
    await mined(hash)
    indexer = await start()
    const after = (await allPages(indexer.source, historyAccount.address, [CHAIN], 100)).flat()
    expect(after.map((tx) => tx.hash)).toEqual([hash, ...before.map((tx) => tx.hash)])
  }, 300_000)

  it('starts over when the chain is a new anvil with the same chain id', async () => {
    const sender = fixtureAccounts[1]!
    const oldSends = (await history(sender.address)).transactions.filter((tx) => tx.operationType === 'send')
    expect(oldSends.length).toBeGreaterThan(0)
    await indexer.stop()
    await chains.stop()
    chains = await startChains()
    const hash = await wallet(sender.privateKey).sendTransaction({
      to: fixtureAccounts[2]!.address,
      value: 3n,
    })
    await mined(hash)
    indexer = await start()
    const sends = (await history(sender.address)).transactions.filter((tx) => tx.operationType === 'send')
    expect(sends.map((tx) => tx.hash)).toEqual([hash])
  }, 300_000)
})
