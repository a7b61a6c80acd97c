/**
 * refreshTokenBalances through a real kernel, the EVM adapter, the local API server and
 * this file's own anvil chains (it sends transactions, so it does not touch the shared
 * ones): the balance sources in order, the filter and sort, the refresh after a
 * transfer, the toast, and the 30 s failure gate with an injected clock.
 */
import {
  type ChainAdapter,
  type Connector,
  connect,
  createKernel,
  type Kernel,
  type KernelOptions,
  refreshTokenBalances,
  ValidationError,
  type WalletAsset,
} from 'latchkit'
import { evmAdapter } from 'latchkit/adapters/evm'
import { createApi, createFailureGate } from 'latchkit/internal'
import { localChain } from 'latchkit/networks'
import { createPublicClient, createWalletClient, erc20Abi, formatEther, http, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import type { ApiServer } from '../../../devstack/api/server'
import { startApiServer } from '../../../devstack/api/server'
import { type StartedChains, startChains } from '../../../devstack/chain'
import { fixtureAccounts, fixtureContracts } from '../../../devstack/fixtures'
import { localChain as viemLocalChain } from '../../../devstack/local-chain'
import { PROJECT_ID, quietLogger, requestsTo } from './helpers'

// Account 2 holds the fixtures and sends; account 3 receives.
const holder = fixtureAccounts[2]!
const receiver = fixtureAccounts[3]!.address

let stack: StartedChains
let server: ApiServer
const kernels: Kernel[] = []

beforeAll(async () => {
  stack = await startChains()
  server = await startApiServer({ chains: stack.chains })
})

afterAll(async () => {
  await server?.stop()
  await stack?.stop()
})

beforeEach(() => {
  server.faults.clear()
  server.faults.clearLog()
})

afterEach(() => {
  for (const kernel of kernels.splice(0)) kernel.destroy()
})

const networks = () => stack.chains.map((chain) => localChain(chain.chainId, chain.rpcUrl))

function testConnector(chainId: number | string = 31337): Connector {
  return {
    id: 'test.wallet',
    name: 'Test Wallet',
    type: 'CUSTOM',
    chain: 'eip155',
    connect: async () => ({ accounts: [{ address: holder.address, type: 'eoa' }], chainId }),
    disconnect: async () => {},
    getProvider: () => ({}),
  }
}

/** A connected kernel on chain 31337 (or `chainId`), with the API unless `api: false`. */
async function connectedKernel({
  api = true,
  adapter = evmAdapter({ discovery: false }),
  chainId = 31337 as number | string,
  options = {} as Partial<KernelOptions>,
} = {}): Promise<Kernel> {
  const kernel = createKernel({
    networks: networks(),
    adapters: [adapter],
    storage: null,
    logger: { level: 'silent' },
    ...(api ? { projectId: PROJECT_ID, api: { blockchainUrl: server.url, walletsUrl: server.url } } : {}),
    ...options,
  })
  kernels.push(kernel)
  kernel.connectors.register(testConnector(chainId))
  await connect(kernel, { connectorId: 'test.wallet' })
  return kernel
}

const symbols = (kernel: Kernel) => kernel.getState().accounts.eip155?.tokenBalance.map((t) => t.symbol)

describe('balances from the Blockchain API', () => {
  it('shows the fixture balances, zero-decimal ZDT filtered out, sorted by value', async () => {
    const kernel = await connectedKernel()
    const result = await refreshTokenBalances(kernel)
    expect(result).toMatchObject({ status: 'updated', source: 'api' })
    // ETH 10,000 x 2000 > LUSD 10,000 x 1 > LTK 1,000 x 2.50; ZDT has 0 decimals.
    expect(symbols(kernel)).toEqual(['ETH', 'LUSD', 'LTK'])
    const balances = kernel.getState().accounts.eip155!.tokenBalance
    expect(balances.find((b) => b.symbol === 'LUSD')).toMatchObject({
      quantity: { decimals: '6', numeric: '10000' },
      value: 10_000,
      address: `eip155:31337:${fixtureContracts.LUSD}`,
    })
    const calls = requestsTo(server, '/v1/account')
    expect(calls).toHaveLength(1)
    expect(calls[0]?.query).toMatchObject({
      projectId: PROJECT_ID,
      st: 'latchkit',
      sv: '4',
      chainId: 'eip155:31337',
    })
  })

  it('after an on-chain transfer, a forced refresh shows the new figures', async () => {
    const kernel = await connectedKernel()
    await refreshTokenBalances(kernel)
    const chain = stack.chains[0]!
    const wallet = createWalletClient({
      account: privateKeyToAccount(holder.privateKey),
      chain: viemLocalChain(chain.chainId, chain.rpcUrl),
      transport: http(chain.rpcUrl),
    })
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const hash = await wallet.writeContract({
      address: fixtureContracts.LUSD,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [receiver, parseUnits('1234.5', 6)],
    })
    await client.waitForTransactionReceipt({ hash })

    // Within 30 s and without force, the portfolio cache answers: no new request.
    await refreshTokenBalances(kernel)
    expect(requestsTo(server, '/v1/account')).toHaveLength(1)
    const lusd = () => kernel.getState().accounts.eip155!.tokenBalance.find((b) => b.symbol === 'LUSD')
    expect(lusd()?.quantity.numeric).toBe('10000')

    const result = await refreshTokenBalances(kernel, { force: true })
    expect(result.status).toBe('updated')
    expect(lusd()).toMatchObject({ quantity: { numeric: '8765.5' }, value: 8765.5 })
    const calls = requestsTo(server, '/v1/account')
    expect(calls).toHaveLength(2)
    expect(calls[1]?.query.forceUpdate).toBe('true')
    const eth = kernel.getState().accounts.eip155!.tokenBalance.find((b) => b.symbol === 'ETH')
    expect(eth?.quantity.numeric).toBe(formatEther(await client.getBalance({ address: holder.address })))
  })
})

describe('balance sources', () => {
  it('with no API configured, the native balance comes from RPC through the adapter', async () => {
    const kernel = await connectedKernel({ api: false })
    expect(kernel.api.url('blockchain')).toBeUndefined()
    expect(kernel.api.url('wallets')).toBeUndefined()
    const result = await refreshTokenBalances(kernel)
    expect(result).toMatchObject({ status: 'updated', source: 'adapter' })
    const onChain = await createPublicClient({ transport: http(stack.chains[0]!.rpcUrl) }).getBalance({
      address: holder.address,
    })
    expect(kernel.getState().accounts.eip155?.tokenBalance).toEqual([
      {
        name: 'Ether',
        symbol: 'ETH',
        chainId: 'eip155:31337',
        price: 0,
        quantity: { decimals: '18', numeric: formatEther(onChain) },
      },
    ])
    expect(server.faults.requests).toEqual([])
  })

  it('with no source at all (no API, an adapter that cannot read balances), nothing is asked and nothing toasts', async () => {
    const kernel = await connectedKernel({ api: false, adapter: { namespace: 'eip155' } })
    expect(await refreshTokenBalances(kernel)).toEqual({ status: 'no-source' })
    expect(kernel.getState().snackbar.open).toBe(false)
  })

  it('wallet_getAssets comes first when the wallet reports the capability', async () => {
    const assets: WalletAsset[] = [
      {
        address: '0x0000000000000000000000000000000000000000',
        balance: '0xde0b6b3a7640000', // 1 ETH
        type: 'NATIVE',
        metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 2000 },
      },
      {
        address: fixtureContracts.LUSD,
        balance: '0x2faf080', // 50 LUSD
        type: 'ERC20',
        metadata: { name: 'Latch USD', symbol: 'LUSD', decimals: 6, price: 1, value: 50 },
      },
      {
        address: fixtureContracts.ZDT,
        balance: '0x1f4',
        type: 'ERC20',
        metadata: { name: 'Zero Decimal', symbol: 'ZDT', decimals: 0, price: 1000 },
      },
    ]
    const seen: string[] = []
    const adapter: ChainAdapter = {
      ...evmAdapter({ discovery: false }),
      getAssets: async ({ connector, address, network }) => {
        seen.push(`${connector.id} ${address} ${network.caipNetworkId}`)
        return assets
      },
    }
    const kernel = await connectedKernel({ adapter })
    const result = await refreshTokenBalances(kernel)
    expect(result).toMatchObject({ status: 'updated', source: 'wallet' })
    expect(seen).toEqual([`test.wallet ${holder.address} eip155:31337`])
    expect(kernel.getState().accounts.eip155?.tokenBalance).toEqual([
      {
        name: 'Ether',
        symbol: 'ETH',
        chainId: 'eip155:31337',
        address: undefined,
        price: 2000,
        value: 2000,
        quantity: { decimals: '18', numeric: '1' },
        iconUrl: undefined,
      },
      {
        name: 'Latch USD',
        symbol: 'LUSD',
        chainId: 'eip155:31337',
        address: `eip155:31337:${fixtureContracts.LUSD}`,
        price: 1,
        value: 50,
        quantity: { decimals: '6', numeric: '50' },
        iconUrl: undefined,
      },
    ])
    expect(requestsTo(server, '/v1/account')).toEqual([])
  })

  it('falls back to the API when the wallet lacks the capability or answers nonsense', async () => {
    let answer: unknown
    const adapter: ChainAdapter = {
      ...evmAdapter({ discovery: false }),
      getAssets: async () => answer as WalletAsset[] | undefined,
    }
    const kernel = await connectedKernel({ adapter })
    answer = undefined
    expect(await refreshTokenBalances(kernel)).toMatchObject({ status: 'updated', source: 'api' })
    answer = [{ address: 'x', balance: 'lots', type: 'ERC20', metadata: {} }]
    expect(await refreshTokenBalances(kernel, { force: true })).toMatchObject({
      status: 'updated',
      source: 'api',
    })
  })
})

describe('failures', () => {
  it('an unsupported network shows the toast and asks nothing', async () => {
    const kernel = await connectedKernel({ chainId: 1, options: { enableNetworkSwitch: false } })
    expect(await refreshTokenBalances(kernel)).toEqual({ status: 'unsupported-network' })
    expect(kernel.getState().snackbar).toEqual({
      open: true,
      variant: 'error',
      message: 'Token Balance Unavailable',
    })
    expect(server.faults.requests).toEqual([])
  })

  it('a malformed answer leaves the store untouched, toasts, and is not retried within 30 s', async () => {
    const kernel = await connectedKernel()
    let clock = 1_000_000
    kernel.internal.tokenBalanceGate = createFailureGate({ now: () => clock })
    await refreshTokenBalances(kernel)
    const before = kernel.getState().accounts.eip155!.tokenBalance
    expect(before.length).toBe(3)

    server.faults.set({ malformed: true, count: 1, path: '/v1/account' })
    const failed = await refreshTokenBalances(kernel, { force: true })
    expect(failed.status).toBe('failed')
    const error = (failed as { error: unknown }).error
    expect(error).toBeInstanceOf(ValidationError)
    expect((error as ValidationError).details).toContain('GET /v1/account/{address}/balance')
    expect(kernel.getState().accounts.eip155!.tokenBalance).toBe(before)
    expect(kernel.getState().snackbar).toMatchObject({
      variant: 'error',
      message: 'Token Balance Unavailable',
    })
    expect(requestsTo(server, '/v1/account')).toHaveLength(2)

    clock += 29_999
    expect(await refreshTokenBalances(kernel, { force: true })).toEqual({ status: 'suppressed' })
    expect(requestsTo(server, '/v1/account')).toHaveLength(2)

    clock += 1
    expect(await refreshTokenBalances(kernel, { force: true })).toMatchObject({ status: 'updated' })
    expect(requestsTo(server, '/v1/account')).toHaveLength(3)
  })

  it('a server that keeps failing ends in the toast after the retries', async () => {
    const kernel = await connectedKernel()
    server.faults.set({ status: 503, count: 4, retryAfter: 0, path: '/v1/account' })
    const result = await refreshTokenBalances(kernel)
    expect(result.status).toBe('failed')
    expect(requestsTo(server, '/v1/account')).toHaveLength(4)
    expect(kernel.getState().accounts.eip155?.tokenBalance).toEqual([])
    expect(kernel.getState().snackbar.message).toBe('Token Balance Unavailable')
  })
})

describe('kernel.api wiring', () => {
  const chainsSchema = z.object({ http: z.array(z.string()), ws: z.array(z.string()) })
  const walletsSchema = z.looseObject({ count: z.number(), data: z.array(z.looseObject({ id: z.string() })) })

  it('points each service at its configured URL only, and requests go out with the kernel identification', async () => {
    const both = createKernel({
      networks: networks(),
      storage: null,
      projectId: PROJECT_ID,
      api: { blockchainUrl: server.url, walletsUrl: server.url },
    })
    const walletsOnly = createKernel({
      networks: networks(),
      storage: null,
      projectId: PROJECT_ID,
      api: { walletsUrl: server.url },
    })
    const none = createKernel({ networks: networks(), storage: null })
    kernels.push(both, walletsOnly, none)
    expect(both.api.url()).toBe(server.url)
    expect(both.api.url('blockchain')).toBe(server.url)
    expect(both.api.url('wallets')).toBe(server.url)
    expect(walletsOnly.api.url('blockchain')).toBeUndefined()
    expect(walletsOnly.api.url()).toBeUndefined()
    expect(walletsOnly.api.url('wallets')).toBe(server.url)
    expect(none.api.url('blockchain')).toBeUndefined()
    expect(none.api.url('wallets')).toBeUndefined()

    // The lazily loaded sender answers as the server does.
    expect(
      await both.api.request({ path: 'v1/supported-chains', gated: false, schema: chainsSchema }),
    ).toEqual({
      http: ['eip155:31337', 'eip155:31338'],
      ws: [],
    })
    const wallets = await walletsOnly.api.request({
      service: 'wallets',
      path: 'getWallets',
      query: { page: 1, entries: 2 },
      schema: walletsSchema,
    })
    expect(wallets.data).toHaveLength(2)
    // A service the kernel was not given sends nothing.
    await expect(
      walletsOnly.api.request({ path: 'v1/supported-chains', gated: false, schema: chainsSchema }),
    ).rejects.toMatchObject({ code: 'API_NOT_CONFIGURED' })
    expect(
      await none.api.request({
        service: 'wallets',
        path: 'getWallets',
        schema: walletsSchema,
        empty: () => 'no API',
      }),
    ).toBe('no API')

    const calls = server.faults.requests
    expect(calls.map((call) => call.path)).toEqual(['/v1/supported-chains', '/getWallets'])
    for (const call of calls) {
      expect(call.query).toMatchObject({ projectId: PROJECT_ID, st: 'latchkit', sv: '4' })
    }
  })

  it('an API without a project id is a named configuration error', () => {
    const projectIdError = expect.objectContaining({
      name: 'ConfigError',
      code: 'PROJECT_ID_NOT_CONFIGURED',
      shortMessage: 'Project ID Not Configured',
    })
    expect(() =>
      createKernel({
        networks: networks(),
        storage: null,
        api: { blockchainUrl: server.url },
      }),
    ).toThrow(projectIdError)
    expect(() =>
      createKernel({
        networks: networks(),
        storage: null,
        api: { walletsUrl: server.url },
      }),
    ).toThrow(projectIdError)
    const kernel = createKernel({ networks: networks(), storage: null })
    kernels.push(kernel)
    expect(() =>
      createApi({
        walletsUrl: server.url,
        sdkType: 'latchkit',
        sdkVersion: '4',
        networks: networks(),
        logger: quietLogger(),
        store: kernel.store,
      }),
    ).toThrow(projectIdError)
  })
})
