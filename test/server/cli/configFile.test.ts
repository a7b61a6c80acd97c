/**
 * `latchkit-server --config`: one file naming every service, read and checked at start.
 * The real command in its own process, on the shared chains where the devstack deployed
 * the fixture tokens, Uniswap V2 and ENS, with the devstack's dev ramp as an on-ramp
 * provider named by URL: a token swap quote, the on-ramp's providers and a checkout that
 * opens, and a name lookup, all answered for real. A config with a mistake ends the
 * command with exit code 2, naming the field; `init` writes a starter config that starts.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  fixtureAccounts,
  fixtureContracts,
  fixtureEns,
  fixtureTokens,
  fixtureUniswap,
} from '../../../devstack/fixtures'
import { latchRamp, type RampProviderServer, startRampProvider } from '../../../devstack/ramp/index'
import { parseJsonc } from '../../../server/config/jsonc'
import { ConfigError, readServerConfig } from '../../../server/config/readServerConfig'
import { STARTER_CONFIG } from '../../../server/config/starterConfig'
import { getDevstack } from '../../support/devstack'
import { runServerCli, type ServerProcess } from '../../support/serverProcess'

const APP = 'http://127.0.0.1:5173'
const p = 'projectId=p'
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const tempDir = mkdtempSync(join(tmpdir(), 'latchkit-server-config-'))

afterAll(() => rmSync(tempDir, { recursive: true, force: true }))

/** Writes `text` as a config file in the test's directory and returns its path. */
function configFile(name: string, text: string): string {
  const path = join(tempDir, name)
  writeFileSync(path, text)
  return path
}

describe('latchkit-server --config, on the devstack chains', () => {
  const [chain] = getDevstack().chains
  const network = `eip155:${chain!.chainId}`
  let ramp: RampProviderServer
  let run: ServerProcess
  let url = ''

  beforeAll(async () => {
    ramp = await startRampProvider({ chains: [chain!], brand: latchRamp })
    const tokens = (['LUSD', 'LTK'] as const).map((key) => ({
      address: fixtureContracts[key],
      name: fixtureTokens[key].name,
      symbol: fixtureTokens[key].symbol,
      decimals: fixtureTokens[key].decimals,
    }))
    // Written as an integrator would: comments, a secret from the environment, a relative data dir.
    const file = configFile(
      'latchkit.config.json',
      `// The devstack's chain, as an integrator's config names it.
{
  "port": 0,
  "chains": [
    {
      "chainId": ${chain!.chainId},
      "name": "Latch Local",
      "rpcUrl": { "env": "TEST_RPC_URL" }, // the URL with its key stays in the environment
      "tokens": ${JSON.stringify(tokens)},
    },
  ],
  "corsOrigins": ["${APP}"],
  "database": { "dataDir": "./state" },
  "swap": { "chains": { "${network}": { "router": "${fixtureUniswap.router}", "weth": "${fixtureUniswap.weth}" } } },
  "prices": { "${network}": { "native": 2000, "tokens": { "${fixtureContracts.LUSD}": 1, "${fixtureContracts.LTK}": 2.5 } } },
  "onramp": {
    "providers": [
      {
        "id": "${latchRamp.id}",
        "name": "${latchRamp.name}",
        "feePercent": ${latchRamp.feePercent},
        "networkFee": ${latchRamp.networkFee},
        "checkoutUrl": "${ramp.url}/checkout",
        "purchasesUrl": "${ramp.url}/purchases"
      }
    ],
    "usdPerEur": 1.1
  },
  "names": {
    "ens": {
      "chainId": ${chain!.chainId},
      "registry": "${fixtureEns.registry}",
      "publicResolver": "${fixtureEns.publicResolver}",
      "universalResolver": "${fixtureEns.universalResolver}"
    },
    "zones": ["${fixtureEns.zone}"],
    "operatorKey": { "env": "TEST_NAMES_KEY" }
  }
}
`,
    )
    run = runServerCli(['--config', file], {
      TEST_RPC_URL: chain!.rpcUrl,
      TEST_NAMES_KEY: fixtureEns.operator.privateKey,
    })
    url = await run.ready()
  })
  afterAll(async () => {
    if (run?.child.exitCode === null) {
      run.child.kill('SIGTERM')
      await run.exited
    }
    await ramp?.stop()
  })

  it("starts every service the file names, its data dir read from the file's directory", async () => {
    const up = Object.fromEntries(
      run
        .lines()
        .filter((line) => line.msg === 'up')
        .map((line) => [line.service, line.detail]),
    )
    expect(up).toEqual({
      database: `PGlite in ${join(tempDir, 'state')}`,
      names: `names on ${network}, registering under ${fixtureEns.zone}`,
      api: `API for ${network} · swaps on ${network} · on-ramp through ${latchRamp.id} · browsers from ${APP}`,
    })
    expect((await fetch(`${url}/readyz`)).status).toBe(200)
  })

  it('quotes a token swap through the configured router, over the configured tokens', async () => {
    const tokens = (await (await fetch(`${url}/v1/convert/tokens?chainId=${network}&${p}`)).json()) as {
      tokens: { symbol: string }[]
    }
    expect(tokens.tokens.map((token) => token.symbol)).toEqual(['ETH', 'LUSD', 'LTK'])
    const query = new URLSearchParams({
      projectId: 'p',
      amount: (10n ** 18n).toString(),
      userAddress: fixtureAccounts[0]!.address,
      from: `${network}:${NATIVE}`,
      to: `${network}:${fixtureContracts.LUSD}`,
    })
    const answer = await fetch(`${url}/v1/convert/quotes?${query}`)
    expect(answer.status).toBe(200)
    const { quotes } = (await answer.json()) as { quotes: { toAmount: string; path: string[] }[] }
    // 1 ETH through the fixture pool: some LUSD, at the pool's price less its fee.
    expect(BigInt(quotes[0]!.toAmount)).toBeGreaterThan(0n)
    expect(quotes[0]!.path.at(-1)?.toLowerCase()).toBe(`${network}:${fixtureContracts.LUSD}`.toLowerCase())
  })

  it('lists the on-ramp provider named by URL, and its checkout opens at the dev ramp', async () => {
    const options = (await (await fetch(`${url}/v1/onramp/options?${p}`)).json()) as {
      providers: unknown[]
      purchaseCurrencies: { id: string }[]
    }
    expect(options.providers).toEqual([
      { id: latchRamp.id, name: latchRamp.name, feePercent: latchRamp.feePercent },
    ])
    expect(options.purchaseCurrencies.map((currency) => currency.id)).toEqual(
      expect.arrayContaining(['ETH', 'LUSD', 'LTK']),
    )
    const generated = await fetch(`${url}/v1/generators/onrampurl?${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        partnerUserId: 'visitor-1',
        destinationWallets: [
          { address: fixtureAccounts[0]!.address, blockchains: [network], assets: ['LUSD'] },
        ],
        presetFiatAmount: 50,
      }),
    })
    expect(generated.status).toBe(200)
    const { url: checkout } = (await generated.json()) as { url: string }
    expect(checkout.startsWith(`${ramp.url}/checkout?`)).toBe(true)
    const page = await fetch(checkout)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain(latchRamp.name)
    expect(html).toContain('LUSD')
    // Its purchases are read over HTTP too: none yet for this wallet.
    const bought = await fetch(
      `${url}/v1/account/${fixtureAccounts[0]!.address}/history?onramp=${latchRamp.id}&${p}`,
    )
    expect(bought.status).toBe(200)
    expect(await bought.json()).toEqual({ data: [], next: null })
  })

  it('looks names up on the configured ENS registry', async () => {
    const identity = await fetch(`${url}/v1/identity/${fixtureAccounts[0]!.address}?${p}`)
    expect(await identity.json()).toEqual({ name: 'alice.eth', avatar: fixtureEns.names[0]!.avatar })
    const profile = (await (await fetch(`${url}/v1/profile/account/alice.eth?${p}`)).json()) as {
      addresses: Record<string, { address: string }>
    }
    expect(profile.addresses['60']?.address).toBe(fixtureAccounts[0]!.address)
  })
})

describe('latchkit-server --config with a .ts file', () => {
  const [chain] = getDevstack().chains
  let run: ServerProcess

  afterAll(async () => {
    if (run?.child.exitCode === null) {
      run.child.kill('SIGTERM')
      await run.exited
    }
  })

  it('takes code objects (a price source) and starts the frame service on its own port', async () => {
    const file = configFile(
      'latchkit.config.ts',
      `// A config in code: its default export, a function here, returns the config.
type Asset = { chainId: string; symbol: string; address?: string }
export default async () => ({
  port: 0,
  chains: [{ chainId: ${chain!.chainId}, rpcUrl: '${chain!.rpcUrl}' }],
  // A PriceSource of one's own, where a feed would be read.
  prices: { usd: (asset: Asset) => (asset.symbol === 'ETH' ? 1234 : undefined) },
  frame: {
    port: 0,
    projects: { app: { allowedOrigins: ['${APP}'] } },
    smtp: { url: 'smtp://127.0.0.1:2525', from: 'login@app.example' },
    shareKey: { env: 'TEST_SHARE_KEY' },
  },
})
`,
    )
    run = runServerCli(['--config', file], { TEST_SHARE_KEY: Buffer.alloc(32, 7).toString('base64') })
    const url = await run.ready()
    const { balances } = (await (
      await fetch(`${url}/v1/account/${fixtureAccounts[0]!.address}/balance?${p}`)
    ).json()) as { balances: { symbol: string; price: number }[] }
    expect(balances.find((balance) => balance.symbol === 'ETH')?.price).toBe(1234)
    const frame = run.lines().find((line) => line.msg === 'up' && line.service === 'frame')
    const frameUrl = /at (http:\/\/\S+)$/.exec(String(frame?.detail))?.[1]
    expect(frameUrl).toBeDefined()
    expect(frameUrl).not.toBe(url)
    // The project the file names, embeddable by its origins only.
    const page = await fetch(`${frameUrl}/frame?projectId=app`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain(`frame-ancestors ${APP}`)
    expect(await (await fetch(`${url}/readyz`)).json()).toEqual({
      ready: true,
      services: { database: 'ready', frame: 'ready', api: 'ready' },
    })
  })
})

describe('a config with a mistake', () => {
  it.each([
    [
      'an RPC URL that is not http',
      { chains: [{ chainId: 31337, rpcUrl: 'ftp://rpc.example' }] },
      'chains[0].rpcUrl: expected an http(s) URL',
    ],
    [
      'a swap chain it does not serve',
      {
        chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:1' }],
        swap: { chains: { 'eip155:10': { router: fixtureUniswap.router, weth: fixtureUniswap.weth } } },
      },
      'swap.chains["eip155:10"]: eip155:10 is not one of the chains',
    ],
  ])('ends with exit code 2 naming the field: %s', async (_, config, message) => {
    const file = configFile('bad.json', JSON.stringify(config))
    const failed = runServerCli(['--config', file])
    expect(await failed.exited).toBe(2)
    expect(failed.output()).toContain(`latchkit-server: ${file}: ${message}`)
  })
})

describe('latchkit-server init', () => {
  it('writes a commented starter config that starts as it is, and never over a file', async () => {
    const file = join(tempDir, 'starter', 'latchkit.config.json')
    rmSync(join(tempDir, 'starter'), { recursive: true, force: true })
    mkdirSync(join(tempDir, 'starter'))
    const init = runServerCli(['init', file])
    expect(await init.exited).toBe(0)
    expect(readFileSync(file, 'utf8')).toBe(STARTER_CONFIG)
    expect(STARTER_CONFIG).toContain('// ')
    const again = runServerCli(['init', file])
    expect(await again.exited).toBe(2)
    expect(again.output()).toContain('exists (--force replaces it)')

    const started = runServerCli(['--config', file, '--port', '0'])
    const url = await started.ready()
    expect(await (await fetch(`${url}/readyz`)).json()).toEqual({ ready: true, services: { api: 'ready' } })
    started.child.kill('SIGTERM')
    expect(await started.exited).toBe(0)
  })
})

describe('reading a config', () => {
  const read = (file: unknown, env: Record<string, string> = {}) =>
    readServerConfig(file, { env, baseDir: '/etc/latchkit', source: 'latchkit.config.json' })
  const chains = [{ chainId: 1, rpcUrl: 'https://rpc.example/1' }]

  it('turns the written forms into what the server takes', async () => {
    const config = read(
      {
        chains: [
          {
            chainId: 1,
            rpcUrl: { env: 'RPC_1' },
            tokens: [
              {
                address: fixtureContracts.LUSD.toLowerCase(),
                name: 'Latch USD',
                symbol: 'LUSD',
                decimals: 6,
              },
            ],
          },
        ],
        corsOrigins: ['https://app.example/'],
        database: { dataDir: 'data' },
        analytics: true,
        relay: true,
        prices: { 'eip155:1': { native: 3000, tokens: { [fixtureContracts.LUSD]: 1 } } },
        metrics: { token: { env: 'METRICS_TOKEN' } },
      },
      { RPC_1: 'https://rpc.example/KEY', METRICS_TOKEN: 'metrics-token', PORT: '9000' },
    )
    expect(config).toMatchObject({
      port: 9000,
      chains: [
        { chainId: 1, rpcUrl: 'https://rpc.example/KEY', tokens: [{ address: fixtureContracts.LUSD }] },
      ],
      corsOrigins: ['https://app.example'],
      database: { dataDir: '/etc/latchkit/data' },
      analytics: true,
      analyticsFunnelAccess: 'closed',
      relay: {},
      metrics: { token: 'metrics-token' },
    })
    expect(await config.prices?.usd({ chainId: 'eip155:1', symbol: 'ETH' })).toBe(3000)
    expect(
      await config.prices?.usd({
        chainId: 'eip155:1',
        symbol: 'LUSD',
        address: fixtureContracts.LUSD.toLowerCase(),
      }),
    ).toBe(1)
  })

  it.each([
    ['no chain', { chains: [] }, 'chains: give at least one chain'],
    ['a field it does not know', { chains, corsOrigin: [APP] }, 'corsOrigin: unknown field'],
    ['a chain given twice', { chains: [...chains, ...chains] }, 'chains[1].chainId: chain 1 is given twice'],
    [
      'a CORS origin with a path',
      { chains, corsOrigins: ['https://app.example/app'] },
      'corsOrigins[0]: expected an origin',
    ],
    [
      'a secret whose variable is unset',
      { chains: [{ chainId: 1, rpcUrl: { env: 'NOPE' } }] },
      'chains[0].rpcUrl.env: the environment variable NOPE is not set',
    ],
    [
      'a database that is not PostgreSQL',
      { chains, siweOrigins: [APP], database: { url: 'mysql://x/y' } },
      'database.url: mysql://x/y: expected postgres://',
    ],
    [
      'a database without a service that keeps state',
      { chains, database: { dataDir: 'd' } },
      'database: no service keeps state here',
    ],
    [
      'names on a chain not served',
      {
        chains,
        names: {
          ens: {
            chainId: 10,
            registry: fixtureEns.registry,
            publicResolver: fixtureEns.publicResolver,
            universalResolver: fixtureEns.universalResolver,
          },
          zones: ['latch.id'],
          operatorKey: fixtureEns.operator.privateKey,
        },
      },
      'names.ens.chainId: chain 10 is not one of the chains',
    ],
    [
      'names without their key',
      {
        chains,
        names: {
          ens: {
            chainId: 1,
            registry: fixtureEns.registry,
            publicResolver: fixtureEns.publicResolver,
            universalResolver: fixtureEns.universalResolver,
          },
          zones: ['latch.id'],
        },
      },
      'names.operatorKey: the environment variable LATCHKIT_NAMES_OPERATOR_KEY is not set',
    ],
    [
      'an address that is not one',
      { chains, swap: { chains: { 'eip155:1': { router: '0x12', weth: fixtureUniswap.weth } } } },
      'swap.chains["eip155:1"].router: expected an address',
    ],
    [
      'an on-ramp provider without its purchases URL',
      {
        chains,
        onramp: {
          providers: [
            {
              id: 'acme',
              name: 'Acme',
              feePercent: 1,
              networkFee: 0,
              checkoutUrl: 'https://pay.acme.example',
            },
          ],
        },
      },
      'onramp.providers[0].purchasesUrl: Invalid input: expected string, received undefined',
    ],
    [
      'a short funnel token',
      { chains, analytics: true, analyticsFunnelAccess: { token: 'short' } },
      'analyticsFunnelAccess.token: the token must be at least 16 characters',
    ],
    [
      'analytics settings without analytics',
      { chains, analyticsFunnelAccess: 'open' },
      'analytics: the analytics settings need "analytics": true',
    ],
    [
      'a relay URL that is not ws',
      { chains, relay: { publicUrl: 'https://api.example/relay' } },
      'relay.publicUrl: expected a ws:// or wss:// URL',
    ],
    [
      'a frame service without its share key',
      {
        chains,
        frame: {
          projects: { app: { allowedOrigins: [APP] } },
          smtp: { url: 'smtp://127.0.0.1:2525', from: 'login@app.example' },
        },
      },
      'frame.shareKey: the environment variable LATCHKIT_FRAME_SHARE_KEY is not set',
    ],
    [
      'history on a chain not served',
      { chains, history: { evm: { chains: [1, 10] } } },
      'history.evm.chains[1]: chain 10 is not one of the chains',
    ],
    [
      'an indexer run here and one run elsewhere at once',
      { chains, history: { evm: { indexerUrl: 'http://127.0.0.1:42069', pollingIntervalMs: 200 } } },
      'history.evm.pollingIntervalMs: either "indexerUrl" (an indexer run elsewhere) or the indexer to run here',
    ],
    [
      'an index database that is not PostgreSQL',
      { chains, history: { evm: { database: { url: 'mysql://x/y' } } } },
      'history.evm.database.url: mysql://x/y: expected postgres://',
    ],
    [
      'a polling interval that is not a number',
      { chains, history: { evm: { pollingIntervalMs: 'fast' } } },
      'history.evm.pollingIntervalMs: Invalid input: expected number, received string',
    ],
    [
      'a field the history does not know',
      { chains, history: { evm: { chain: [1] } } },
      'history.evm.chain: unknown field',
    ],
    [
      'Solana history without the cluster',
      { chains, history: { solana: {} } },
      'history.solana: the Solana history follows the "solana" cluster: give "solana" too',
    ],
    [
      'a retry pause that shrinks',
      { chains, history: { evm: {}, retry: { firstMs: 5_000, maxMs: 1_000 } } },
      'history.retry.maxMs: must be at least firstMs (5000)',
    ],
  ])('refuses %s, naming the field', (_, file, message) => {
    expect(() => read(file)).toThrow(ConfigError)
    expect(() => read(file)).toThrow(`latchkit.config.json: ${message}`)
  })

  it('reads the history to run: the indexers, their databases, the retry pause', () => {
    const config = read(
      {
        chains: [...chains, { chainId: 10, rpcUrl: 'https://rpc.example/10' }],
        solana: { rpcUrl: 'https://sol.example', genesisHash: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', mints: [] },
        history: {
          evm: { chains: [10], database: { url: { env: 'INDEX_URL' } }, pollingIntervalMs: 500 },
          solana: { database: { dataDir: 'solana-index' }, fromSlot: 1_000 },
          retry: { firstMs: 200, maxMs: 2_000 },
        },
      },
      { INDEX_URL: 'postgres://index@db.internal/index' },
    )
    expect(config.history).toEqual({
      evm: { chains: [10], database: { url: 'postgres://index@db.internal/index' }, pollingIntervalMs: 500 },
      solana: { database: { dataDir: '/etc/latchkit/solana-index' }, fromSlot: 1000n },
      retry: { firstMs: 200, maxMs: 2_000 },
    })
    // The index's default home is the server's database: DATABASE_URL is taken for it.
    expect(read({ chains, history: { evm: {} } }, { DATABASE_URL: 'postgres://x@db/y' })).toMatchObject({
      database: { url: 'postgres://x@db/y' },
      history: { evm: {} },
    })
    expect(read({ chains, history: { evm: { indexerUrl: 'http://127.0.0.1:42069' } } }).history).toEqual({
      evm: { indexerUrl: 'http://127.0.0.1:42069' },
    })
  })

  it('reads the starter config as it is', () => {
    expect(read(parseJsonc(STARTER_CONFIG))).toMatchObject({
      port: 8787,
      host: '127.0.0.1',
      chains: [{ chainId: 1 }],
    })
  })
})
