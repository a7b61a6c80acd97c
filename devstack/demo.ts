/**
 * `npm run demo`: starts the local chains and the demo app, prints where to go, and on
 * Ctrl-C (or SIGTERM) stops everything it started. Browser tests start the same stack
 * in-process with `startDemo()`, usually with `mode: 'build'`: the same app built for
 * production and served by Vite's preview server, because a fresh browser context loads
 * that in a fraction of the time the dev server's few hundred modules take.
 *
 * Three anvil chains run: the demo app configures 31337 and 31338; the dev wallet also
 * knows 31339, a chain the app does not support, so the unsupported-network flow is real.
 * The local Solana endpoint (litesvm, in this process) runs too, for the dev Solana wallet,
 * with the Solana history index following it (in memory: the ledger is new on every start).
 * The EVM history index (Ponder, one process for the app's two chains, PGlite in a temporary
 * directory) boots and catches up while the rest starts: about a minute on 2 cores. The
 * local API server starts the two ramps (devstack/ramp) it offers as on-ramp providers,
 * each a checkout page on its own port that delivers test money on the app's chains. The
 * dev mobile wallet (dev-mobile-wallet/) is a WalletConnect wallet page on its own port too,
 * and so is the embedded wallet's frame service (server/embedded-wallet), which mails login
 * codes to the local mailbox (mailbox/), an inbox page on another port, and logs in with
 * the local social providers (oauth/), one per social account, and with Farcaster through
 * the local stand-ins (farcaster/): an auth relay, the Id Registry on a fourth anvil with
 * chain id 10 (no fixtures, the dev fids only), and the dev Farcaster app, a page on its own
 * port where a person approves a sign-in as alice-dev or bob-dev.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Connect, createServer, type Plugin, preview } from 'vite'
import { DEMO_PROJECT_ID, type DevstackConfig } from '../demo/src/devstackConfig.js'
import { startFrameService } from '../server/embedded-wallet/index.js'
import { startEvmIndexerInBackground } from '../server/indexer/evm/startEvmIndexerInBackground.js'
import { describeProgress, type IndexProgress } from '../server/indexer/evm/waitUntilIndexed.js'
import { startSolanaIndexer } from '../server/indexer/solana/index.js'
import { startRelay } from '../server/relay/index.js'
import { startAnvil } from './anvil.js'
import { startApiServer } from './api/server.js'
import { type LocalChainInfo, startChains } from './chain.js'
import { DEV_PROJECT_ID } from './dev-mobile-wallet/config.js'
import { startDevMobileWallet } from './dev-mobile-wallet/startDevMobileWallet.js'
import {
  FARCASTER_CHAIN_ID,
  installIdRegistry,
  startDevFarcasterApp,
  startFarcasterRelay,
} from './farcaster/index.js'
import { historyAccount } from './fixtures.js'
import { startMailbox } from './mailbox/index.js'
import { startSocialProviders } from './oauth/index.js'
import { startSolanaRpc } from './solana/index.js'

export type StartDemoOptions = {
  /** Port of the demo page. Default: a free one (the CLI asks for 5173 and moves up if taken). */
  port?: number
  /** Fail instead of moving to the next port when `port` is taken. Default false. */
  strictPort?: boolean
  /** Vite's console output. Default 'warn'. */
  logLevel?: 'info' | 'warn' | 'error' | 'silent'
  /**
   * 'dev' (default): Vite's dev server, with hot reload, as `npm run demo` runs it.
   * 'build': a production build (about 1 s) served by Vite's preview server; pages load
   * several times faster, which is what browser tests want.
   */
  mode?: 'dev' | 'build'
  /**
   * Where sign-in sessions are kept, per page port (`<sessionsDir>/<port>`: a session is
   * bound to the page's origin), so a demo restarted on the same port still honours them.
   * Default: in memory, gone on stop (what tests want).
   */
  sessionsDir?: string
  /**
   * Resolve only once the EVM history index has caught up with the chains (about a minute
   * after start on a 2-core machine). Default true: browser tests read history at once.
   * `npm run demo` passes false, prints the URL as soon as the page is served, and says
   * when the index is ready (`historyReady`); until then the Activity tab says the history
   * is on its way, with the index's progress, and shows the visitor's pending sends.
   */
  waitForHistory?: boolean
  /**
   * Called when the EVM history index failed to start and is started again (it is tried
   * 3 times), with why and the coming attempt's number.
   */
  onHistoryRetry?: (error: Error, attempt: number) => void
}

export type DemoChain = LocalChainInfo & { name: string; inApp: boolean }

/** The local Solana endpoint of the demo. */
export type DemoSolana = {
  name: string
  rpcUrl: string
  wsUrl: string
  genesisHash: string
  /** `solana:` and the first 32 characters of the genesis hash. */
  caipNetworkId: string
}

export type StartedDemo = {
  /** The page, e.g. http://127.0.0.1:5173/ */
  url: string
  /** Every chain started: the app's two and the wallet-only one (inApp false). */
  chains: DemoChain[]
  /** The Solana endpoint the app and the dev Solana wallet use. */
  solana: DemoSolana
  /** What the page reads from /devstack.json. */
  config: DevstackConfig
  /** The on-ramp's providers: the local ramps' checkout origins, by name (Latch Ramp, Ramp Beta). */
  ramps: { id: string; name: string; url: string }[]
  /** The dev mobile wallet (WalletConnect, on its own origin); `?uri=<wc: URI>` pairs at once. */
  mobileWalletUrl: string
  /** The local WalletConnect relay (latchkit's own), e.g. ws://127.0.0.1:41234; also `config.relayUrl`. */
  relayUrl: string
  /** The embedded wallet's frame service (its own origin): the app's `embeddedWallet({ frameUrl })`. */
  frameUrl: string
  /** The local inbox where login codes and device links land (every address). */
  mailboxUrl: string
  /**
   * The dev Farcaster app (its own origin): a person pastes the sign-in URI the widget shows
   * and approves as a dev fid (alice-dev, bob-dev); `?uri=<encoded farcaster:// URI>` opens
   * the request at once.
   */
  farcasterAppUrl: string
  /**
   * What the frame service's Farcaster login uses: the local auth relay, and the anvil with
   * chain id 10 that holds the Id Registry and the dev fids (not in `chains`: no fixtures).
   */
  farcaster: { relayUrl: string; rpcUrl: string }
  /**
   * Resolves once the EVM history index has caught up with the chains' heads at start;
   * rejects when it could not (after its retries). Attaching to it late is safe.
   */
  historyReady: Promise<void>
  /** How far the EVM history index is (null while it boots), e.g. for `describeProgress`. */
  historyProgress(): IndexProgress
  /** The EVM history index's own HTTP API (Ponder's /ready and /status), e.g. http://127.0.0.1:42069 */
  evmIndexUrl: string
  /** Stops everything it started (servers, anvils, the Solana endpoint), newest first; resolves once they are gone. Safe to call twice. */
  stop(): Promise<void>
}

/** The chains the demo app configures, and the extra one only the dev wallet knows. */
export const DEMO_APP_CHAIN_IDS = [31337, 31338] as const
export const DEMO_WALLET_ONLY_CHAIN_ID = 31339
/** The demo's name for the local Solana endpoint. */
export const DEMO_SOLANA_NAME = 'Latch Solana Local'

const demoRoot = fileURLToPath(new URL('../demo/', import.meta.url))
const demoViteConfig = fileURLToPath(new URL('../demo/vite.config.ts', import.meta.url))

/**
 * Starts anvil (three chains, fixtures loaded), the local Solana endpoint, the history
 * indexes, the WalletConnect relay and dev mobile wallet, the mailbox, the social providers,
 * the Farcaster stand-ins (chain 10, the auth relay, the dev Farcaster app) and the frame
 * service, the local API server and the demo's Vite dev server, all on 127.0.0.1.
 *
 * @example
 * const demo = await startDemo()
 * await page.goto(demo.url)
 * await demo.stop()
 */
export async function startDemo(options: StartDemoOptions = {}): Promise<StartedDemo> {
  // What has started so far, stopped in reverse order when a later step fails.
  const started = startedServices()
  try {
    return await startServices(options, started)
  } catch (error) {
    await started.stopAll()
    throw error
  }
}

/** A list of stop functions, run newest first and once. */
function startedServices() {
  const stops: (() => Promise<unknown>)[] = []
  let stopping: Promise<void> | undefined
  return {
    /** Remembers how to stop what just started; returns it for chaining. */
    add<T extends { stop(): Promise<unknown> }>(service: T): T {
      stops.push(() => service.stop())
      return service
    },
    stopAll(): Promise<void> {
      stopping ??= (async () => {
        for (const stop of stops.reverse()) await stop().catch(() => undefined)
      })()
      return stopping
    },
  }
}

async function startServices(
  options: StartDemoOptions,
  started: ReturnType<typeof startedServices>,
): Promise<StartedDemo> {
  // In process and ready in milliseconds; started first so a failing anvil only has it to stop.
  const solanaRpc = started.add(await startSolanaRpc())
  const solanaIndex = started.add(
    await startSolanaIndexer({
      rpcUrl: solanaRpc.url,
      chainId: `solana:${solanaRpc.genesisHash.slice(0, 32)}`,
      pollMs: 250,
    }),
  )
  const anvils = started.add(
    await startChains({ chainIds: [...DEMO_APP_CHAIN_IDS, DEMO_WALLET_ONLY_CHAIN_ID] }),
  )
  const solana: DemoSolana = {
    name: DEMO_SOLANA_NAME,
    rpcUrl: solanaRpc.url,
    wsUrl: solanaRpc.wsUrl,
    genesisHash: solanaRpc.genesisHash,
    caipNetworkId: `solana:${solanaRpc.genesisHash.slice(0, 32)}`,
  }
  const chains: DemoChain[] = anvils.chains.map((chain) => {
    const inApp = (DEMO_APP_CHAIN_IDS as readonly number[]).includes(chain.chainId)
    return {
      ...chain,
      inApp,
      name: inApp ? `Latch Local ${chain.chainId}` : `Outside Chain ${chain.chainId}`,
    }
  })
  const appChains = chains.filter((chain) => chain.inApp)
  const evmIndex = started.add(
    await startEvmIndexerInBackground({
      chains: appChains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl })),
      pollingIntervalMs: 200,
      onRetry: options.onHistoryRetry,
    }),
  )
  // The WalletConnect relay the app and the dev mobile wallet pair through: no vendor relay.
  const relay = started.add(await startRelay())
  const toConfigChain = ({ chainId, name, rpcUrl }: DemoChain) => ({ chainId, name, rpcUrl })
  // The dev mobile wallet: a phone wallet on its own origin, paired through the relay; the
  // wallet registry lists it with its page as the web app WalletConnect opens.
  const mobileWallet = started.add(
    await startDevMobileWallet({
      config: {
        projectId: DEV_PROJECT_ID,
        relayUrl: relay.url,
        chains: appChains.map(toConfigChain),
        solana: { rpcUrl: solana.rpcUrl, genesisHash: solana.genesisHash },
      },
    }),
  )
  // Email login: the frame service (its own origin) mails codes to the local mailbox, where
  // a person reads them as in an inbox. The page's origin is allowed once it is known (below).
  const mailbox = started.add(await startMailbox())
  // Social login: a local OpenID / OAuth 2.0 provider per social account (Google, X, ...),
  // each with a page where a person picks a dev user.
  const socialProviders = started.add(await startSocialProviders())
  // Farcaster login: a bare anvil with chain id 10 holding the Id Registry at its Optimism
  // address with the dev fids (about 0.2 s: no fixtures), the auth relay the frame service
  // opens channels at, and the dev Farcaster app, a page on its own origin that approves a
  // sign-in URI with a dev fid's custody key. The app posts its approvals to the relay from
  // its own origin, which the relay allows (it allows every origin, as the real one does);
  // the frame service talks to the relay and the chain from the server, so it allows nothing
  // more than the page's origin.
  const farcasterChain = started.add(await startAnvil({ chainId: FARCASTER_CHAIN_ID }))
  await installIdRegistry(farcasterChain.rpcUrl)
  const farcasterRelay = started.add(await startFarcasterRelay())
  const farcasterApp = started.add(await startDevFarcasterApp({ relayUrl: farcasterRelay.url }))
  const farcaster = { relayUrl: farcasterRelay.url, rpcUrl: farcasterChain.rpcUrl }
  const frame = started.add(
    await startFrameService({
      smtp: { host: mailbox.smtpHost, port: mailbox.smtpPort, from: 'Latch Demo <login@latchkit.test>' },
      projects: { [DEMO_PROJECT_ID]: { allowedOrigins: [] } },
      chains: {
        ...Object.fromEntries(appChains.map((chain) => [`eip155:${chain.chainId}`, chain.rpcUrl])),
        [solana.caipNetworkId]: solana.rpcUrl,
      },
      // New on every start, like the database (in memory): wallets live as long as the demo.
      shareKey: randomBytes(32).toString('base64'),
      social: socialProviders.social,
      // The message names the page's host (127.0.0.1:<port> or localhost:<port>), the default.
      farcaster,
    }),
  )
  // The local API server answers the Blockchain and wallet-project APIs from the app's chains.
  const api = started.add(
    await startApiServer({
      chains: appChains,
      solana: { rpcUrl: solanaRpc.url, genesisHash: solanaRpc.genesisHash, mints: solanaRpc.mints },
      history: [evmIndex.source, solanaIndex.source],
      // No page may call it until the demo's own is known (below).
      corsOrigins: [],
      // A person keeps the demo open for hours: no log of every request.
      requestLog: 0,
      devWalletLinks: { mobileWalletUrl: mobileWallet.url },
    }),
  )
  const config: DevstackConfig = {
    api: { url: api.url },
    relayUrl: relay.url,
    networks: appChains.map(toConfigChain),
    devWallet: {
      chains: chains.map(toConfigChain),
      // Accounts 0..3, then the account with two years of seeded history (the Activity tab's pages and months).
      accounts: [...anvils.accounts.map((account) => account.address), historyAccount.address],
    },
    contracts: { ...anvils.chains[0]!.contracts },
    solana: {
      name: solana.name,
      rpcUrl: solana.rpcUrl,
      wsUrl: solana.wsUrl,
      genesisHash: solana.genesisHash,
    },
    devSolanaWallet: {
      rpcUrl: solana.rpcUrl,
      accounts: solanaRpc.accounts.map((account) => account.address),
    },
    mobileWalletUrl: mobileWallet.url,
    embeddedWallet: { frameUrl: frame.url, mailboxUrl: mailbox.url, farcasterAppUrl: farcasterApp.url },
  }

  const web = await (options.mode === 'build' ? startPreviewServer : startDevServer)(config, options)
  started.add({ stop: () => web.close() })
  // The API (CORS), sign-in and the frame service are bound to the page's origin, known only
  // now: 127.0.0.1 as printed, and localhost for a person who types that instead.
  const pageOrigins = [`http://127.0.0.1:${web.port}`, `http://localhost:${web.port}`]
  api.setCorsOrigins(pageOrigins)
  frame.service.setAllowedOrigins(DEMO_PROJECT_ID, pageOrigins)
  await api.serveSiwe({
    origin: pageOrigins,
    ...(options.sessionsDir !== undefined && {
      db: { dataDir: join(options.sessionsDir, String(web.port)) },
    }),
  })
  // A page that reads history at once (a test) needs the index caught up before it opens.
  if (options.waitForHistory !== false) await evmIndex.ready

  return {
    url: `http://127.0.0.1:${web.port}/`,
    chains,
    solana,
    config,
    ramps: api.ramps.map((ramp) => ({ id: ramp.brand.id, name: ramp.brand.name, url: ramp.url })),
    mobileWalletUrl: mobileWallet.url,
    relayUrl: relay.url,
    frameUrl: frame.url,
    mailboxUrl: mailbox.url,
    farcasterAppUrl: farcasterApp.url,
    farcaster,
    historyReady: evmIndex.ready,
    historyProgress: () => evmIndex.progress(),
    evmIndexUrl: evmIndex.url,
    stop: () => started.stopAll(),
  }
}

type WebServer = { port: number; close(): Promise<void> }

const portOf = (server: Server | null | undefined, fallback = 0) => {
  const address = server?.address()
  return typeof address === 'object' && address ? address.port : fallback
}

async function startDevServer(config: DevstackConfig, options: StartDemoOptions): Promise<WebServer> {
  const server = await createServer({
    configFile: demoViteConfig,
    root: demoRoot,
    logLevel: options.logLevel ?? 'warn',
    clearScreen: false,
    plugins: [serveDevstackConfig(config)],
    server: { host: '127.0.0.1', port: options.port ?? 0, strictPort: options.strictPort ?? false },
  })
  try {
    await server.listen()
  } catch (error) {
    await server.close()
    throw error
  }
  return { port: portOf(server.httpServer as Server | null, options.port), close: () => server.close() }
}

async function startPreviewServer(config: DevstackConfig, options: StartDemoOptions): Promise<WebServer> {
  const outDir = mkdtempSync(join(tmpdir(), 'latchkit-demo-'))
  const removeOutDir = () => rmSync(outDir, { recursive: true, force: true })
  try {
    await build({
      configFile: demoViteConfig,
      root: demoRoot,
      logLevel: options.logLevel ?? 'warn',
      build: { outDir, emptyOutDir: true, reportCompressedSize: false },
    })
    const server = await preview({
      configFile: demoViteConfig,
      root: demoRoot,
      logLevel: options.logLevel ?? 'warn',
      plugins: [serveDevstackConfig(config)],
      build: { outDir },
      preview: {
        host: '127.0.0.1',
        port: options.port ?? 0,
        strictPort: options.strictPort ?? false,
        open: false,
      },
    })
    return {
      port: portOf(server.httpServer as Server, options.port),
      close: () => server.close().finally(removeOutDir),
    }
  } catch (error) {
    removeOutDir()
    throw error
  }
}

/** Serves the devstack's facts to the page as `/devstack.json`, from the dev and the preview server. */
function serveDevstackConfig(config: DevstackConfig): Plugin {
  const body = JSON.stringify(config)
  const serve = (server: { middlewares: Connect.Server }) => {
    server.middlewares.use('/devstack.json', (_request, response) => {
      response.setHeader('content-type', 'application/json')
      response.setHeader('cache-control', 'no-store')
      response.end(body)
    })
  }
  return { name: 'latchkit-devstack-config', configureServer: serve, configurePreviewServer: serve }
}

async function main(): Promise<void> {
  const started = Date.now()
  const port = process.env.PORT === undefined ? 5173 : Number(process.env.PORT)
  // A person who stops the demo and starts it again is still signed in; PORT=0 (a new
  // port each run, never visited again) keeps nothing.
  const sessionsDir =
    port === 0 ? undefined : fileURLToPath(new URL('../.devstack/sessions/', import.meta.url))
  const demo = await startDemo({
    port,
    logLevel: 'warn',
    sessionsDir,
    waitForHistory: false,
    onHistoryRetry: (error, attempt) =>
      console.error(
        `  history: the EVM index did not start (${error.message}); starting it again (attempt ${attempt} of 3)\n`,
      ),
  })
  const chainList = demo.chains.map(
    (chain) => `${chain.chainId} ${chain.rpcUrl}${chain.inApp ? '' : ' (wallet only)'}`,
  )
  console.log(
    `\n  Latch demo: ${demo.url}  — open it, click "Connect Wallet", pick "Latch Dev Wallet" and Approve in the panel at the bottom left` +
      ` (or "Latch Dev Solana", approved in its prompt at the bottom right).` +
      `\n  chains: ${chainList.join(', ')} · ready in ${Date.now() - started} ms · Ctrl-C stops everything` +
      `\n  solana: ${demo.solana.rpcUrl} (ws ${demo.solana.wsUrl}) · ${demo.solana.caipNetworkId}` +
      `\n  mobile wallet (WalletConnect): ${demo.mobileWalletUrl} · paste the dapp's wc: URI or a QR screenshot, or open it with ?uri=<wc: URI>` +
      `\n  WalletConnect relay: ${demo.relayUrl} (latchkit's own; server/relay)` +
      `\n  email login: codes and device links land in the mailbox ${demo.mailboxUrl} (any address) · frame service ${demo.frameUrl}` +
      `\n  social login: Google, X, Discord, GitHub, Apple and Facebook are local providers; pick a dev user (Alice, Bob, Carol) in their window` +
      `\n  Farcaster login: paste the sign-in code into the dev Farcaster app ${demo.farcasterAppUrl} and approve as alice-dev or bob-dev · relay ${demo.farcaster.relayUrl} · Id Registry on chain ${FARCASTER_CHAIN_ID} ${demo.farcaster.rpcUrl}` +
      `\n  on-ramp: ${demo.ramps.map((ramp) => `${ramp.name} ${ramp.url}`).join(', ')} · test card 4242 4242 4242 4242 (4000 0000 0000 0002 is declined)` +
      `\n  history: the EVM index is catching up with the chains (about a minute); the Activity tab shows its progress until then\n`,
  )
  // While it catches up, say how far it is now and then; once, when it is there.
  let lastReported = ''
  const reportProgress = setInterval(() => {
    const progress = describeProgress(demo.historyProgress())
    if (progress !== lastReported) console.log(`  history: the EVM index is catching up: ${progress}\n`)
    lastReported = progress
  }, 30_000)
  reportProgress.unref()
  demo.historyReady
    .then(
      () => console.log(`  history: the EVM index has caught up (${Date.now() - started} ms after start)\n`),
      (error: unknown) =>
        exiting ||
        console.error(
          `  history: the EVM index did not start: ${error instanceof Error ? error.message : error}; the Activity tab cannot list past transactions until the demo is restarted\n`,
        ),
    )
    .finally(() => clearInterval(reportProgress))

  let exiting = false
  const shutdown = (signal: NodeJS.Signals) => {
    if (exiting) return
    exiting = true
    console.log(`\n  ${signal}: stopping the demo and the chains...`)
    demo.stop().then(
      () => process.exit(0),
      (error) => {
        console.error(error)
        process.exit(1)
      },
    )
  }
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, shutdown)
  // `kill <npm pid>` signals npm and its shell only; tsx and this process would live on
  // with its anvils. So when a launcher above us goes away, we go too.
  watchLaunchers(() => shutdown('SIGTERM'))
}

/**
 * Calls `onGone` once any of our launcher processes (the npm / sh / tsx chain between this
 * process and whatever started npm) has exited. Linux only (reads /proc); elsewhere the
 * signal handlers alone apply.
 */
function watchLaunchers(onGone: () => void): void {
  const launchers: number[] = []
  for (let pid = process.ppid; pid > 1 && launchers.length < 8; ) {
    let stat: string
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    } catch {
      return
    }
    // "pid (comm) state ppid ...": comm may contain spaces, so split after the last ')'.
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
    if (!/^(node|npm|npx|sh|dash|tsx|npm run demo|npm exec.*)$/.test(comm)) break
    launchers.push(pid)
    pid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
  }
  if (launchers.length === 0) return
  const timer = setInterval(() => {
    const gone = launchers.some((pid) => {
      try {
        process.kill(pid, 0)
        return false
      } catch (error) {
        return (error as NodeJS.ErrnoException).code === 'ESRCH'
      }
    })
    if (gone) {
      clearInterval(timer)
      onGone()
    }
  }, 500)
  timer.unref()
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    console.error('npm run demo failed:', error)
    process.exit(1)
  })
}
