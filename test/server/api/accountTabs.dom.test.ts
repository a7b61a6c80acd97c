/**
 * The Tokens and NFTs tabs of the Account view, rendered by the React binding against a
 * real kernel, the EVM adapter, the local API server and this file's own chains: fixture
 * balances and NFTs show, then a token and an NFT move on chain and `tx:sent` brings the
 * new figures.
 *
 * The DOM environment replaces Node's URL and fetch, which the devstack needs, so the
 * chains and the API server run in a child process (`devstack/api/cli.ts`, as the demo
 * starts them); this file reaches the chains through the server's RPC gateway.
 */

import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { act, cleanup, render, within } from '@testing-library/react'
import { type Connector, connect, createKernel, type Kernel } from 'latchkit'
import { evmAdapter } from 'latchkit/adapters/evm'
import { localChain } from 'latchkit/networks'
import { LatchProvider } from 'latchkit/react'
import { createElement } from 'react'
import { createPublicClient, createWalletClient, erc20Abi, http, parseAbi, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { fixtureAccounts, fixtureContracts, fixtureNftIdsOf } from '../../../devstack/fixtures'
import { killOnExit } from '../../../devstack/kill-on-exit'
import { localChain as viemLocalChain } from '../../../devstack/local-chain'
import { PROJECT_ID } from './helpers'

// Account 1 holds the fixture tokens and NFTs 4 and 5.
const holder = fixtureAccounts[1]!
const receiver = fixtureAccounts[3]!.address

const CHAIN_IDS = [31337, 31338]
let child: ChildProcess | undefined
let apiUrl = ''
let kernel: Kernel | undefined

/** The RPC gateway of the local API for a chain: JSON-RPC proxied to its anvil. */
const rpcUrl = (chainId: number) => `${apiUrl}/v1/?chainId=eip155:${chainId}&projectId=${PROJECT_ID}`

async function apiRequests(): Promise<unknown[]> {
  const response = await fetch(`${apiUrl}/__requests`)
  return ((await response.json()) as { requests: unknown[] }).requests
}

beforeAll(async () => {
  child = spawn(process.execPath, ['--import', 'tsx', 'devstack/api/cli.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  killOnExit(child)
  let output = ''
  apiUrl = await new Promise<string>((resolve, reject) => {
    child!.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /LATCHKIT_API_URL=(\S+)/.exec(output)
      if (match) resolve(match[1]!)
    })
    child!.once('exit', (code) => reject(new Error(`the API server exited (${code}) before it was ready`)))
  })
  // Warm the lazy modules so no import is in flight when the environment is torn down.
  await Promise.all([
    import('../../../src/react/views/AccountView'),
    import('../../../src/react/views/ConnectView'),
    import('../../../src/react/views/tabs/TokensTab'),
    import('../../../src/react/views/tabs/NftsTab'),
  ])
})

afterEach(() => {
  cleanup()
  kernel?.destroy()
  kernel = undefined
})

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM')
    await once(child, 'exit')
  }
})

function modal() {
  const root = document.querySelector('latchkit-modal')?.shadowRoot
  if (!root) throw new Error('the modal host is not mounted')
  return within(root.querySelector('style + div') as HTMLElement)
}

/** Lets lazy imports, fetches and re-renders finish, until `check` passes. */
async function until(check: () => void, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      check()
      return
    } catch (error) {
      if (Date.now() > deadline) throw error
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 25))
      })
    }
  }
}

async function openAccount(api: boolean): Promise<Kernel> {
  const k = createKernel({
    networks: CHAIN_IDS.map((chainId) => localChain(chainId, rpcUrl(chainId))),
    adapters: [evmAdapter({ discovery: false })],
    storage: null,
    logger: { level: 'silent' },
    ...(api ? { projectId: PROJECT_ID, api: { blockchainUrl: apiUrl } } : {}),
  })
  kernel = k
  const connector: Connector = {
    id: 'test.wallet',
    name: 'Test Wallet',
    type: 'CUSTOM',
    chain: 'eip155',
    connect: async () => ({ accounts: [{ address: holder.address, type: 'eoa' }], chainId: 31337 }),
    disconnect: async () => {},
    getProvider: () => ({}),
  }
  k.connectors.register(connector)
  await connect(k, { connectorId: 'test.wallet' })
  render(createElement(LatchProvider, { kernel: k }))
  await act(async () => {
    k.open({ view: 'Account' })
  })
  return k
}

const tokenSymbols = () =>
  modal()
    .queryAllByRole('listitem')
    .map((item) => item.getAttribute('data-token'))
    .filter(Boolean)
const tokenRow = (symbol: string) =>
  modal()
    .getAllByRole('listitem')
    .find((item) => item.getAttribute('data-token') === symbol)!

describe('Account view tabs', () => {
  it('Tokens lists the fixture balances with amounts, USD values and the total; NFTs shows the collection; both refresh after tx:sent', async () => {
    const k = await openAccount(true)
    const tabs = () => modal().getAllByRole('tab')
    await until(() => expect(tabs().map((tab) => tab.textContent)).toEqual(['Tokens', 'NFTs']))

    // ZDT (0 decimals) is filtered; sorted by value: ETH, LUSD, LTK.
    await until(() => expect(tokenSymbols()).toEqual(['ETH', 'LUSD', 'LTK']))
    const lusd = within(tokenRow('LUSD'))
    expect(lusd.getByText('Latch USD')).toBeTruthy()
    expect(lusd.getByText('10,000.000 LUSD')).toBeTruthy()
    expect(lusd.getByText('$10,000.00')).toBeTruthy()
    expect(within(tokenRow('LTK')).getByText('$2,500.00')).toBeTruthy()
    expect(tokenRow('ETH').querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/)
    const total = () =>
      modal().getByText((_, element) => element?.getAttribute('data-latchkit') === 'tokens-total')
    const ethValue = k.getState().accounts.eip155!.tokenBalance[0]!.value!
    expect(total().textContent).toBe(
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
        ethValue + 10_000 + 2_500,
      ),
    )

    // Move 2,500 LUSD and NFT #4 on chain, then tell the widget a transaction was sent.
    const chain = viemLocalChain(31337, rpcUrl(31337))
    const wallet = createWalletClient({
      account: privateKeyToAccount(holder.privateKey),
      chain,
      transport: http(rpcUrl(31337)),
    })
    const client = createPublicClient({ transport: http(rpcUrl(31337)) })
    const [nftId] = fixtureNftIdsOf(1)
    for (const hash of [
      await wallet.writeContract({
        address: fixtureContracts.LUSD,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [receiver, parseUnits('2500', 6)],
      }),
      await wallet.writeContract({
        address: fixtureContracts.LPNK,
        abi: parseAbi(['function transferFrom(address from, address to, uint256 id)']),
        functionName: 'transferFrom',
        args: [holder.address, receiver, nftId!],
      }),
    ]) {
      await client.waitForTransactionReceipt({ hash })
    }
    await act(async () => {
      k.bus.emit('tx:sent', {
        namespace: 'eip155',
        caipNetworkId: 'eip155:31337',
        hash: '0x01',
        from: holder.address,
        to: receiver,
      })
    })
    await until(() => expect(within(tokenRow('LUSD')).getByText('7,500.000 LUSD')).toBeTruthy())

    // NFTs: the one left after the transfer (the tab reads when it is opened).
    await act(async () => {
      tabs()[1]!.click()
    })
    const nftIds = () =>
      modal()
        .queryAllByRole('listitem')
        .map((item) => item.getAttribute('data-nft'))
        .filter(Boolean)
    await until(() => expect(nftIds()).toEqual(fixtureNftIdsOf(1).slice(1).map(String)))
    const image = modal().getByAltText(`Latch Punks #${fixtureNftIdsOf(1)[1]}`)
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/)

    // With the NFTs tab open, the NFT comes back and tx:sent shows it again.
    const back = await createWalletClient({
      account: privateKeyToAccount(fixtureAccounts[3]!.privateKey),
      chain,
      transport: http(rpcUrl(31337)),
    }).writeContract({
      address: fixtureContracts.LPNK,
      abi: parseAbi(['function transferFrom(address from, address to, uint256 id)']),
      functionName: 'transferFrom',
      args: [receiver, holder.address, nftId!],
    })
    await client.waitForTransactionReceipt({ hash: back })
    await act(async () => {
      k.bus.emit('tx:sent', {
        namespace: 'eip155',
        caipNetworkId: 'eip155:31337',
        hash: back,
        from: holder.address,
        to: receiver,
      })
    })
    await until(() => expect([...nftIds()].sort()).toEqual(fixtureNftIdsOf(1).map(String).sort()))
  })

  it('with no API configured, Tokens shows the native balance from RPC and NFTs says it is unavailable', async () => {
    await fetch(`${apiUrl}/__requests`, { method: 'DELETE' })
    const k = await openAccount(false)
    await until(() => expect(tokenSymbols()).toEqual(['ETH']))
    expect(
      modal().queryByText((_, element) => element?.getAttribute('data-latchkit') === 'tokens-total'),
    ).toBeNull()
    const onChain = await createPublicClient({ transport: http(rpcUrl(31337)) }).getBalance({
      address: holder.address,
    })
    const shown = within(tokenRow('ETH')).getByText(/ETH$/).textContent
    const expected = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: 3,
      maximumFractionDigits: 3,
    }).format(Number(onChain) / 1e18)
    expect(shown).toBe(`${expected} ETH`)
    await act(async () => {
      modal().getAllByRole('tab')[1]!.click()
    })
    await until(() => expect(modal().getByText('NFTs are not available')).toBeTruthy())
    // Only the RPC gateway was used (balance reads through the adapter), no Blockchain API route.
    const paths = ((await apiRequests()) as { path: string }[]).map((r) => r.path)
    expect(paths.filter((path) => path !== '/v1/' && path !== '/v1')).toEqual([])
    expect(paths.length).toBeGreaterThan(0)
    expect(k.api.url('blockchain')).toBeUndefined()
    expect(k.api.url('wallets')).toBeUndefined()
  })
})
