/**
 * The self-hosting claim, tried as an integrator tries it, with nothing from this repository
 * but what npm would publish and the devstack's documented commands:
 *
 * - both packages packed, then installed from their tarballs (with react, viem, ponder and
 *   esbuild from the registry) into an app in a temporary folder outside the repository,
 *   which gets a lock file of its own; the app's page (packedApp/app.tsx, published entry
 *   points only) is bundled with that app's own esbuild;
 * - a fresh anvil, onto which `npm run devstack:deploy` puts the tokens, Uniswap V2 and ENS,
 *   writes the server's config file for that chain and runs the dev ramp;
 * - the installed `latchkit-server --config`, with history, sign-in and names added to that
 *   file, and in Chromium, through the dev wallet: connect and sign in, balances, a send that
 *   settles in Activity, a swap, a name registered, a card purchase with the dev ramp;
 * - then the same file on two instances sharing one PostgreSQL behind a round-robin proxy,
 *   one of them stopped halfway (SIGTERM): the sign-in session, the name and every flow
 *   after the stop go on through the other instance.
 */
import { execFile } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { BrowserContext, Page } from 'playwright-core'
import { type Address, createPublicClient, erc20Abi, getAddress, http, namehash, parseAbi } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../../devstack/anvil'
import { DEV_WALLET_RDNS } from '../../../devstack/dev-wallet/index'
import { fixtureAccounts, fixtureContracts, fixtureEns } from '../../../devstack/fixtures'
import { walletPanel } from '../../e2e/helpers/devWalletDriver'
import { bundleDevWallet } from '../../e2e/helpers/devWalletPage'
import { newLocalContext } from '../../support/browser'
import { browserForFile } from '../../support/browser-for-file'
import { packedPackages } from '../../support/packedPackages'
import { reportPageOnFailure } from '../../support/pageOnFailure'
import { createTestDatabase, type TestDatabase } from '../../support/postgres'
import { type RoundRobinProxy, startRoundRobinProxy } from '../../support/roundRobinProxy'
import { runJsonLinesProcess, type ServerProcess } from '../../support/serverProcess'
import { sharedPostgresUrl } from '../../support/sharedPostgres'
import { type StaticServer, serveHtml } from '../../support/static-server'
import { eventually, expectText, expectVisible } from '../../support/waiting'

const run = promisify(execFile)
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))
const getBrowser = browserForFile()

/** Installs and Ponder's first start take minutes on a busy 2-core machine; each wait follows progress. */
const INSTALL_MS = 15 * 60_000
const INDEXER_UP_MS = 10 * 60_000
const CHAIN_ID = 31337
/**
 * Anvil accounts 2 and 3 hold ETH and every fixture token and have no ENS name, so the widget
 * offers one: each part of the file connects with its own (a name, once taken, is not offered again).
 */
const visitors = { one: fixtureAccounts[2]!.address, two: fixtureAccounts[3]!.address }
/** Receives the sends: anvil account 1. */
const receiver = fixtureAccounts[1]!.address

let app: string
let anvil: AnvilInstance
let deploy: ServerProcess
let page: StaticServer
let walletScript: string
const servers: ServerProcess[] = []

/** The version this repository installs of `name`, so the app's install comes from npm's cache. */
const installedVersion = (name: string) =>
  (
    JSON.parse(readFileSync(join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')) as {
      version: string
    }
  ).version

beforeAll(async () => {
  const { widget, server } = await packedPackages()
  app = mkdtempSync(join(tmpdir(), 'latchkit-integrator-'))
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify(
      {
        name: 'integrator-app',
        private: true,
        type: 'module',
        dependencies: {
          latchkit: `file:${widget.tarball}`,
          'latchkit-server': `file:${server.tarball}`,
          ponder: installedVersion('ponder'),
          react: installedVersion('react'),
          'react-dom': installedVersion('react-dom'),
          viem: installedVersion('viem'),
        },
        devDependencies: { esbuild: installedVersion('esbuild') },
      },
      null,
      2,
    ),
  )
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], {
    cwd: app,
    maxBuffer: 64 * 1024 * 1024,
  })

  // The app's page, bundled by the app's esbuild from the installed package.
  mkdirSync(join(app, 'src'))
  cpSync(fileURLToPath(new URL('./packedApp/app.tsx', import.meta.url)), join(app, 'src/app.tsx'))
  await run(
    join(app, 'node_modules/.bin/esbuild'),
    ['src/app.tsx', '--bundle', '--format=iife', '--jsx=automatic', '--minify', '--outfile=dist/app.js'],
    { cwd: app },
  )
  const bundle = readFileSync(join(app, 'dist/app.js'), 'utf8').replaceAll('</script', '<\\/script')
  page = await serveHtml({
    '/': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Integrator app</title></head><body><div id="root"></div><script>${bundle}</script></body></html>`,
  })
  walletScript = await bundleDevWallet()

  // A fresh anvil, and the devstack's contracts put on it by its documented command.
  anvil = await startAnvil({ chainId: CHAIN_ID })
  deploy = runJsonLinesProcess(
    process.execPath,
    [
      '--import',
      'tsx',
      'devstack/deploy-cli.ts',
      '--rpc',
      anvil.rpcUrl,
      '--config',
      join(app, 'latchkit.config.json'),
      '--ramp',
    ],
    { cwd: repoRoot, name: 'devstack:deploy' },
  )
  await deploy.waitForLine((line) => line.msg === 'ready', 'ready line')
}, INSTALL_MS)

afterAll(async () => {
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL')
  if (deploy?.child.exitCode === null) {
    deploy.child.kill('SIGTERM')
    await deploy.exited
  }
  await anvil?.stop()
  await page?.close()
  if (app) rmSync(app, { recursive: true, force: true })
})

/**
 * The config `devstack:deploy` wrote, with what an integrator adds: the app's page as the
 * one allowed origin, sign-in for it, the EVM history index, and `extra`.
 */
function writeConfig(folder: string, extra: Record<string, unknown>): string {
  const config = JSON.parse(readFileSync(join(app, 'latchkit.config.json'), 'utf8')) as Record<
    string,
    unknown
  >
  const origin = new URL(page.url).origin
  mkdirSync(folder, { recursive: true })
  const file = join(folder, 'latchkit.config.json')
  writeFileSync(
    file,
    JSON.stringify(
      {
        ...config,
        port: 0,
        corsOrigins: [origin],
        siweOrigins: [origin],
        history: { evm: { pollingIntervalMs: 200 } },
        ...extra,
      },
      null,
      2,
    ),
  )
  return file
}

/** The installed command, as `npx latchkit-server --config <file>` runs it, in the file's folder. */
function startInstalledServer(config: string, env: Record<string, string> = {}): ServerProcess {
  const server = runJsonLinesProcess(join(app, 'node_modules/.bin/latchkit-server'), ['--config', config], {
    cwd: join(config, '..'),
    env,
  })
  servers.push(server)
  return server
}

async function indexerUp(server: ServerProcess): Promise<void> {
  await server.waitForLine(
    (line) => line.msg === 'up' && line.service === 'history-evm',
    'EVM history indexer up',
    INDEXER_UP_MS,
  )
}

const client = () => createPublicClient({ transport: http(anvil.rpcUrl) })
const lusdOf = (owner: Address) =>
  client().readContract({
    address: fixtureContracts.LUSD,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })

/** The app in a fresh browser context, the dev wallet installed as a browser extension would be. */
async function openApp(
  api: string,
  visitor: Address,
): Promise<{ context: BrowserContext; tab: Page; blocked: string[] }> {
  const { context, blocked } = await newLocalContext(getBrowser(), { viewport: { width: 1280, height: 800 } })
  const wallet = {
    chains: [{ chainId: CHAIN_ID, name: 'Integrator Chain', rpcUrl: anvil.rpcUrl }],
    accounts: [visitor],
  }
  await context.addInitScript(
    `${walletScript}\naddEventListener('DOMContentLoaded', () => { window.devWallet = LatchDevWallet.installDevWallet(${JSON.stringify(wallet)}) })`,
  )
  const tab = await context.newPage()
  reportPageOnFailure(tab, 'integrator app')
  const query = new URLSearchParams({ api, rpc: anvil.rpcUrl, chainId: String(CHAIN_ID) })
  await tab.goto(`${page.url}?${query}`)
  return { context, tab, blocked }
}

function ui(tab: Page) {
  const dialog = tab.getByRole('dialog')
  return {
    dialog,
    title: dialog.locator('.lk-title'),
    accountButton: tab.locator('[data-latchkit="account-button"]'),
    feature: (id: string) => dialog.locator(`[data-feature="${id}"]`),
    snackbar: tab.locator('[data-latchkit="snackbar-message"]'),
    wallet: walletPanel(tab),
  }
}

/** Connect Wallet, the dev wallet, Approve; then the Sign In view the siwe plugin opens, Sign, Approve. */
async function connectAndSignIn(tab: Page): Promise<void> {
  const view = ui(tab)
  await tab.locator('[data-latchkit="connect-button"]').click()
  await view.dialog.locator(`button[data-connector="${DEV_WALLET_RDNS}"]`).click()
  await view.wallet.approve.click()
  await expectText(view.title, 'Sign In')
  await view.dialog.getByRole('button', { name: 'Sign', exact: true }).click()
  await expectText(view.wallet.promptTitle, /sign/i)
  await view.wallet.approve.click()
  await view.dialog.waitFor({ state: 'hidden' })
}

/** The session the verifier keeps for the browser's cookie, asked of `api`. */
async function sessionOf(
  context: BrowserContext,
  api: string,
): Promise<{ status: number; address?: string }> {
  const cookie = (await context.cookies(api)).find((c) => c.name === 'siwe_session')
  const response = await fetch(`${api}/siwe/session`, {
    headers: { cookie: `siwe_session=${cookie?.value ?? ''}`, origin: new URL(page.url).origin },
  })
  const body = (await response.json()) as { session?: { address: string } }
  return { status: response.status, ...(body.session ? { address: body.session.address } : {}) }
}

async function showAccount(tab: Page): Promise<void> {
  const view = ui(tab)
  await view.accountButton.click()
  await expectText(view.title, 'Account')
}

/** Sends 1.5 LUSD to `receiver`; Activity shows it settled (confirmed) with its amount. */
async function sendAndSeeItSettle(tab: Page): Promise<void> {
  const view = ui(tab)
  const before = await lusdOf(receiver)
  await view.feature('send').click()
  await view.dialog
    .locator('[data-latchkit="send-token"]')
    .selectOption(`eip155:${CHAIN_ID}/${fixtureContracts.LUSD}`)
  await view.dialog.locator('[data-latchkit="send-amount"]').fill('1.5')
  await view.dialog.locator('[data-latchkit="send-receiver"]').fill(receiver)
  await view.dialog.getByRole('button', { name: 'Preview Send' }).click()
  await view.dialog.locator('[data-latchkit="send-confirm"]').click()
  await view.wallet.approve.click()
  await expectText(view.title, 'Account')
  await eventually(() => lusdOf(receiver)).toBe(before + 1_500_000n)

  await view.dialog.getByRole('tab', { name: 'Activity' }).click()
  const sent = view.dialog.locator('[data-latchkit="activity-row"][data-status="confirmed"]', {
    has: tab.locator('[data-latchkit="activity-amount"]', { hasText: '-1.500 LUSD' }),
  })
  await expectVisible(sent.first())
  await expectText(sent.first().locator('[data-latchkit="activity-title"]'), 'Sent')
}

/** Swaps 0.1 ETH for LUSD through the deployed router; the LUSD arrives on chain. */
async function swapEthForLusd(tab: Page, visitor: Address): Promise<void> {
  const view = ui(tab)
  const before = await lusdOf(visitor)
  await view.dialog.getByRole('tab', { name: 'Tokens' }).click()
  await view.feature('swaps').click()
  await expectText(view.title, 'Swap')
  await expectText(view.dialog.locator('[data-latchkit="swap-source-token"]'), 'ETH')
  await view.dialog.locator('[data-latchkit="swap-amount"]').fill('0.1')
  await view.dialog.locator('[data-latchkit="swap-target-token"]').click()
  await view.dialog.locator('[data-latchkit="swap-token-search"]').fill('LUSD')
  await view.dialog.locator('[data-latchkit="swap-token-option"][data-symbol="LUSD"]').click()
  await expectText(view.dialog.locator('[data-latchkit="swap-to-amount"]'), /^[\d.,]+$/)
  await view.dialog.locator('[data-latchkit="swap-review"]').click()
  await expectText(view.title, 'Review Swap')
  await view.dialog.locator('[data-latchkit="swap-confirm"]').click()
  await view.wallet.approve.click()
  await expectText(view.snackbar, 'Swapped 0.1 ETH for LUSD')
  await expectText(view.title, 'Account')
  // The pool gives about 2,000 LUSD per ETH: 0.1 ETH buys well over 150.
  await eventually(async () => (await lusdOf(visitor)) - before > 150_000_000n).toBe(true)
}

const resolverAbi = parseAbi(['function addr(bytes32 node) view returns (address)'])

/** Registers `<label>.latch.id`: the wallet signs, the name resolves to the visitor on chain. */
async function registerName(tab: Page, visitor: Address, label: string): Promise<void> {
  const view = ui(tab)
  const name = `${label}.${fixtureEns.zone}`
  await view.feature('ens').click()
  await view.dialog.locator('[data-latchkit="ens-name-input"]').fill(label)
  await eventually(() => view.dialog.locator('[data-latchkit="ens-suggestion"]').first().textContent()).toBe(
    `${name}Available`,
  )
  await view.dialog.locator('[data-latchkit="ens-submit"]').click()
  await expectText(view.wallet.promptTitle, /sign/i)
  await view.wallet.approve.click()
  await expectText(view.dialog.locator('[data-latchkit="ens-registered-name"]'), `${name} is yours`)
  await eventually(() =>
    client().readContract({
      address: fixtureEns.publicResolver,
      abi: resolverAbi,
      functionName: 'addr',
      args: [namehash(name)],
    }),
  ).toBe(getAddress(visitor))
  await view.dialog.getByRole('button', { name: 'Done' }).click()
  await expectText(view.dialog.locator('[data-latchkit="account-name"]'), name)
}

/** Buys 100 USD of LUSD from the dev ramp with its test card; the purchase completes and the LUSD arrives. */
async function buyWithCard(context: BrowserContext, tab: Page, visitor: Address): Promise<void> {
  const view = ui(tab)
  const before = await lusdOf(visitor)
  await view.dialog.getByRole('tab', { name: 'Tokens' }).click()
  await view.feature('onramp').click()
  await expectText(view.title, 'Buy')
  await view.dialog.locator('[data-latchkit="onramp-asset"]').selectOption('LUSD')
  await view.dialog.locator('[data-latchkit="onramp-amount"]').fill('100')
  const quote = view.dialog.locator('[data-latchkit="onramp-quote"][data-provider="latchramp"]')
  await expectText(quote.locator('[data-latchkit="onramp-quote-amount"]'), /^You get [\d.]+ LUSD$/)
  const [checkout] = await Promise.all([context.waitForEvent('page'), quote.click()])
  await checkout.waitForLoadState()
  await checkout.getByTestId('ramp-method-card').check()
  await checkout.getByTestId('ramp-card-number').fill('4242 4242 4242 4242')
  await checkout.getByTestId('ramp-pay').click()
  await expectText(checkout.getByTestId('ramp-result'), /approved/i)
  await expectVisible(view.dialog.locator('[data-latchkit="onramp-success"]'))
  await expectText(view.dialog.locator('[data-latchkit="onramp-received"]'), /^You received [\d.]+ LUSD$/)
  expect(await lusdOf(visitor)).toBeGreaterThan(before + 90_000_000n)
  await checkout.close()
  await view.dialog.getByRole('button', { name: 'Done', exact: true }).click()
  await expectText(view.title, 'Account')
}

describe('latchkit and latchkit-server from their tarballs, in an app of their own', () => {
  it('installs with a lock file of its own, from the packages alone', () => {
    expect(existsSync(join(app, 'package-lock.json'))).toBe(true)
    const lock = JSON.parse(readFileSync(join(app, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { resolved?: string }>
    }
    expect(lock.packages['node_modules/latchkit']?.resolved).toMatch(/^file:.*latchkit-\d.*\.tgz$/)
    expect(lock.packages['node_modules/latchkit-server']?.resolved).toMatch(/latchkit-server-.*\.tgz$/)
    // Nothing links back into this repository.
    expect(readFileSync(join(app, 'dist/app.js'), 'utf8')).not.toContain(repoRoot)
  })

  it(
    'one instance: connect and sign in, balances, a send that settles in Activity, a swap, a name, a card purchase',
    async () => {
      const server = startInstalledServer(writeConfig(join(app, 'one'), {}))
      const api = await server.ready()
      await indexerUp(server)
      const visitor = visitors.one
      const { context, tab, blocked } = await openApp(api, visitor)
      try {
        await connectAndSignIn(tab)
        expect(await sessionOf(context, api)).toEqual({ status: 200, address: visitor })

        await showAccount(tab)
        await expectText(
          ui(tab).dialog.locator('[data-token="LUSD"] [data-latchkit="token-amount"]'),
          /LUSD$/,
        )
        await expectText(ui(tab).dialog.locator('[data-latchkit="balance"]'), /ETH$/)
        await sendAndSeeItSettle(tab)
        await swapEthForLusd(tab, visitor)
        await registerName(tab, visitor, `one${Date.now().toString(36)}`)
        await buyWithCard(context, tab, visitor)
        expect(blocked).toEqual([])
        expect(server.lines().filter((line) => line.msg === 'request' && Number(line.status) >= 500)).toEqual(
          [],
        )
      } finally {
        await context.close()
        server.child.kill('SIGTERM')
        expect(await server.exited).toBe(0)
      }
    },
    INDEXER_UP_MS + 5 * 60_000,
  )

  describe('two instances on one PostgreSQL behind a proxy', () => {
    let database: TestDatabase
    let proxy: RoundRobinProxy
    let a: ServerProcess
    let b: ServerProcess

    beforeAll(async () => {
      database = await createTestDatabase(sharedPostgresUrl())
      // One file, copied to each instance's own folder as on two machines: the database is
      // shared, each instance keeps its own history index beside its config.
      const extra = {
        database: { url: { env: 'DATABASE_URL' } },
        history: { evm: { pollingIntervalMs: 200, database: { dataDir: './evm-index' } } },
      }
      const env = { DATABASE_URL: database.url }
      a = startInstalledServer(writeConfig(join(app, 'a'), extra), env)
      // One after the other: the first creates the tables.
      const urlA = await a.ready()
      b = startInstalledServer(writeConfig(join(app, 'b'), extra), env)
      const urlB = await b.ready()
      proxy = await startRoundRobinProxy([urlA, urlB])
      await Promise.all([indexerUp(a), indexerUp(b)])
    }, 2 * INDEXER_UP_MS)

    afterAll(async () => {
      await proxy?.close()
      for (const server of [a, b]) if (server?.child.exitCode === null) server.child.kill('SIGTERM')
      await Promise.all([a?.exited, b?.exited])
      await database?.drop()
    })

    it(
      'signs in and registers a name, loses one instance, and goes on: the session, the name, a send, a swap, a purchase',
      async () => {
        const visitor = visitors.two
        const { context, tab, blocked } = await openApp(proxy.url, visitor)
        try {
          await connectAndSignIn(tab)
          await showAccount(tab)
          const label = `two${Date.now().toString(36)}`
          await registerName(tab, visitor, label)
          // Both instances served this visitor so far.
          for (const count of proxy.answered.values()) expect(count).toBeGreaterThan(0)

          a.child.kill('SIGTERM')
          expect(await a.exited).toBe(0)

          // What was kept survives: the sign-in session and the name, now served by b.
          expect(await sessionOf(context, proxy.url)).toEqual({ status: 200, address: visitor })
          const name = `${label}.${fixtureEns.zone}`
          const reverse = await fetch(`${proxy.url}/v1/profile/reverse/${visitor}?projectId=integrator-app`)
          expect(await reverse.text()).toContain(name)

          await tab.reload()
          await showAccount(tab)
          await expectText(ui(tab).dialog.locator('[data-latchkit="account-name"]'), name)
          await sendAndSeeItSettle(tab)
          await swapEthForLusd(tab, visitor)
          await buyWithCard(context, tab, visitor)
          expect(blocked).toEqual([])
          for (const server of [a, b])
            expect(
              server.lines().filter((line) => line.msg === 'request' && Number(line.status) >= 500),
            ).toEqual([])
        } finally {
          await context.close()
        }
      },
      5 * 60_000,
    )
  })
})
