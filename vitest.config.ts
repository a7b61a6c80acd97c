import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'
import { alias } from './vitest.shared.ts'

// One `vitest run` covers everything. The projects come from the table below: each row is
// a project, the folders it runs and what they need. docs/contributing.md ("Tests")
// explains the layout.
//
// The environment is chosen by a test file's suffix, never by a comment in the file:
//   *.test.ts(x)          node
//   *.browser.test.ts     node, launching Chromium itself (test/support/browser.ts)
//   *.dom.test.ts(x)      happy-dom
// so a node row runs its folders' `*.test.ts(x)` except `*.dom.test.*`, and a happy-dom
// row only their `*.dom.test.ts(x)`. A folder belongs to the most specific row of its
// environment that names it: `plugins` names test/plugins, `siwe` names test/plugins/siwe,
// and test/plugins/siwe runs in `siwe` only.

/** Starts the shared chains once per run; tests read them with getDevstack(). */
const CHAINS = 'test/support/global-setup.ts'
/** One EVM history indexer over the shared chains, started in the background (getEvmHistory()). */
const EVM_INDEXER = 'test/support/evm-indexer-global-setup.ts'
/** A throwaway PostgreSQL cluster once per run; each file creates its own database. */
const POSTGRES = 'test/support/postgres-global-setup.ts'

/** The API server and what it serves: history, the EVM indexer, analytics. */
const SERVER_API = ['test/server/api', 'test/server/history', 'test/server/indexer/evm', 'test/server/analytics']

interface Row {
  name: string
  /** Folders from the repository root. */
  folders: string[]
  /** 'node' unless given. */
  environment?: 'node' | 'happy-dom'
  globalSetup?: string[]
  setupFiles?: string[]
  /** 'forks' where a test spawns anvil: it dies with the thread that spawned it. */
  pool?: 'forks'
  /** false: one file at a time (files that each launch a Chromium doing heavy work). */
  fileParallelism?: false
  testTimeout?: number
  hookTimeout?: number
}

const projects: Row[] = [
  { name: 'unit', folders: ['src', 'adapters', 'plugins', 'test/kernel', 'test/build', 'test/wagmi'] },
  {
    // Views render lazily in happy-dom; on a loaded 2-core machine a flow of a dozen steps
    // ran past the 5 s default.
    name: 'plugins:dom',
    environment: 'happy-dom',
    folders: ['test/plugins'],
    setupFiles: ['test/plugins/setup.ts'],
    testTimeout: 30_000,
  },
  { name: 'plugins', folders: ['test/plugins'], setupFiles: ['test/plugins/setup.ts'], testTimeout: 30_000 },
  {
    name: 'react:dom',
    environment: 'happy-dom',
    folders: ['test/react'],
    setupFiles: ['test/react/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
  {
    // SSR, and the Chromium files, which launch a browser and build their page in hooks:
    // seconds on a busy machine, more than the 10 s default.
    name: 'react',
    folders: ['test/react'],
    setupFiles: ['test/react/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
  {
    name: 'adapters/evm',
    folders: ['test/adapters/evm'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
  {
    name: 'devstack',
    folders: ['test/devstack'],
    globalSetup: [CHAINS],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
  {
    // The shared chains for read-only tests; files that send transactions start their own.
    name: 'server/api',
    folders: SERVER_API,
    globalSetup: [CHAINS, EVM_INDEXER],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
  {
    // The Account view's tabs against the API server (its own chains, in a child process).
    name: 'server/api:dom',
    environment: 'happy-dom',
    folders: SERVER_API,
    // It starts its own chains and server, so none of the shared ones; anvil dies with the
    // thread that spawned it, hence processes.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
  {
    // latchkit-server as a command in its own process: its config file, start-up, probes,
    // logs, counters and stop, against the shared chains. Each test waits on the server's
    // own progress, capped at SERVER_WAIT_MS (test/support/serverProcess.ts); the timeouts
    // only end a stuck one. The install test's two instances share the run's PostgreSQL.
    name: 'server/cli',
    folders: ['test/server/cli'],
    globalSetup: [CHAINS, POSTGRES],
    pool: 'forks',
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
  {
    // The Solana adapter, the devstack's Solana endpoint and the Solana indexer. Each file
    // starts its own litesvm endpoint (milliseconds) and, for the multichain test, its own
    // anvil.
    name: 'adapters/solana',
    folders: ['test/adapters/solana', 'test/devstack/solana', 'test/server/indexer/solana'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
  // Builds the Latchkit host apps with esbuild (a few seconds each, more with plugins).
  { name: 'bench', folders: ['test/bench'], testTimeout: 180_000 },
  {
    // The verifier checks signatures on the shared chains and stores sessions in PostgreSQL.
    name: 'siwe',
    folders: ['test/server/siwe', 'test/plugins/siwe'],
    globalSetup: [CHAINS, POSTGRES],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
  {
    // Registration sends transactions, so each chain-bound file starts its own anvil (from
    // the state cache: a second); the two-instance test shares the run's PostgreSQL.
    name: 'server/names',
    folders: ['test/server/names'],
    globalSetup: [POSTGRES],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
  {
    // The two-instance test shares the run's PostgreSQL; the others use PGlite.
    name: 'server/relay',
    folders: ['test/server/relay'],
    globalSetup: [POSTGRES],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
  {
    // The embedded wallet: the frame service over HTTP (PGlite, and two instances on the
    // run's PostgreSQL), its mail through the devstack's SMTP server, the frame page and
    // the widget's frame client in Chromium. One file at a time: several files each launch
    // a Chromium that makes wallets (scrypt at N=2^17) through a frame; two at once on 2
    // cores starved each other's frames past their waits.
    name: 'embedded-wallet',
    folders: ['test/server/embedded-wallet', 'test/plugins/embedded-wallet'],
    globalSetup: [POSTGRES],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
  {
    // Browser tests of the dev wallet and the demo in Debian's Chromium, against the demo
    // stack (anvil chains, API server, the demo app) started once per run: getDemo(). One
    // file at a time: each launches a Chromium; on 2 cores two at once are slower. A flow
    // (connect, fill, review, approve in the wallet, read the chain) is a dozen steps that
    // each may wait 15 s; on a loaded 2-core machine a Solana send took 31 s. The steps'
    // own waits fail a broken test; the timeout only ends a stuck one.
    name: 'e2e',
    folders: ['test/e2e'],
    globalSetup: ['test/e2e/global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
  {
    // examples/nextjs built with `next build`, served by `next start`, in Chromium. The
    // beforeAll that builds (the package's browser entries when dist/ is stale, then next
    // build) waits while the builds progress and sets its own timeout (BUILD_HOOK_MS).
    name: 'nextjs',
    folders: ['test/nextjs'],
    pool: 'forks',
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
]

const environmentOf = (row: Row) => row.environment ?? 'node'
const inside = (folder: string, parent: string) => folder.startsWith(`${parent}/`)

function project(row: Row): TestProjectInlineConfiguration {
  const { name, folders, environment = 'node', ...settings } = row
  const dom = environment === 'happy-dom'
  // Folders within this row's that a row of the same environment names: they run there.
  const claimed = projects
    .filter((other) => other !== row && environmentOf(other) === environment)
    .flatMap((other) => other.folders)
    .filter((folder) => folders.some((own) => inside(folder, own)))
  return {
    resolve: { alias },
    test: {
      name,
      environment,
      include: folders.map((folder) => `${folder}/**/*${dom ? '.dom' : ''}.test.{ts,tsx}`),
      exclude: [
        ...configDefaults.exclude,
        ...(dom ? [] : ['**/*.dom.test.{ts,tsx}']),
        ...claimed.map((folder) => `${folder}/**`),
      ],
      ...settings,
    },
  }
}

export default defineConfig({
  resolve: { alias },
  test: { projects: projects.map(project) },
})
