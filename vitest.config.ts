import { defineConfig } from 'vitest/config'
import { alias } from './vitest.shared.ts'

// One `vitest run` covers everything; projects keep each kind in its own environment.
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.ts', 'adapters/**/*.test.ts', 'plugins/**/*.test.ts', 'test/kernel/**/*.test.ts', 'test/build/**/*.test.ts', 'test/wagmi/**/*.test.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'plugins',
          environment: 'happy-dom',
          include: ['test/plugins/**/*.test.{ts,tsx}'],
          setupFiles: ['test/plugins/setup.ts'],
          // Views render lazily in happy-dom; on a loaded 2-core machine a flow of a dozen
          // steps ran past the 5 s default.
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // happy-dom by default; SSR and Chromium files opt into node with
          // `// @vitest-environment node`.
          name: 'react',
          environment: 'happy-dom',
          include: ['test/react/**/*.test.{ts,tsx}'],
          setupFiles: ['test/react/setup.ts'],
          testTimeout: 30_000,
          // The Chromium file launches a browser and builds its page in hooks: seconds on a
          // busy machine, more than the 10 s default.
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'evm',
          environment: 'node',
          include: ['test/evm/**/*.test.ts'],
          // Child processes, not threads: anvil dies with the thread that spawned it.
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'devstack',
          environment: 'node',
          include: ['test/devstack/**/*.test.ts'],
          // Starts the shared chains once per run; tests read them with getDevstack().
          globalSetup: ['test/support/global-setup.ts'],
          // Child processes, not threads: anvil dies with the thread that spawned it.
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          environment: 'node',
          include: ['test/api/**/*.test.ts'],
          // The shared chains for read-only tests; files that send transactions start their own.
          // One EVM history indexer over them, started in the background (getEvmHistory()).
          globalSetup: ['test/support/global-setup.ts', 'test/support/evm-indexer-global-setup.ts'],
          // Child processes, not threads: anvil dies with the thread that spawned it.
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // latchkit-server as a command in its own process: its config file, start-up,
          // probes, logs, counters and stop, against the shared chains.
          name: 'server',
          environment: 'node',
          include: ['test/server/**/*.test.ts'],
          // The install test's two instances share the run's PostgreSQL.
          globalSetup: ['test/support/global-setup.ts', 'test/support/postgres-global-setup.ts'],
          // Child processes, not threads: anvil dies with the thread that spawned it.
          pool: 'forks',
          // Each test waits on the server's own progress, capped at SERVER_WAIT_MS
          // (test/support/serverProcess.ts); this only ends a stuck one.
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'solana',
          environment: 'node',
          include: ['test/solana/**/*.test.ts'],
          // Each file starts its own litesvm endpoint (milliseconds) and, for the multichain
          // test, its own anvil. Child processes, not threads: anvil dies with its spawner.
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'bench',
          environment: 'node',
          include: ['test/bench/**/*.test.ts'],
          // Builds the Latchkit host apps with esbuild (a few seconds each, more with plugins).
          testTimeout: 180_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'siwe',
          environment: 'node',
          include: ['test/siwe/**/*.test.{ts,tsx}'],
          // The verifier tests check signatures on the shared chains; the plugin tests opt
          // into happy-dom per file.
          globalSetup: ['test/support/global-setup.ts', 'test/support/postgres-global-setup.ts'],
          // Child processes, not threads: anvil dies with the thread that spawned it.
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'names',
          environment: 'node',
          include: ['test/names/**/*.test.ts'],
          // Registration sends transactions, so each chain-bound file starts its own anvil
          // (from the state cache: a second); the two-instance test shares the run's PostgreSQL.
          globalSetup: ['test/support/postgres-global-setup.ts'],
          // Child processes, not threads: anvil dies with the thread that spawned it.
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'relay',
          environment: 'node',
          include: ['test/relay/**/*.test.ts'],
          // The two-instance test shares the run's PostgreSQL; the others use PGlite.
          globalSetup: ['test/support/postgres-global-setup.ts'],
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // The embedded wallet: the frame service over HTTP (PGlite, and two instances on
          // the run's PostgreSQL), its mail through the devstack's SMTP server, the frame
          // page and the widget's frame client in Chromium.
          name: 'embedded',
          environment: 'node',
          include: ['test/embedded/**/*.test.{ts,tsx}'],
          globalSetup: ['test/support/postgres-global-setup.ts'],
          // Child processes, not threads: anvil dies with the thread that spawned it.
          pool: 'forks',
          // One file at a time: several files each launch a Chromium that makes wallets
          // (scrypt at N=2^17) through a frame; two at once on 2 cores starved each other's
          // frames past their waits.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // Browser tests of the dev wallet and the demo in Debian's Chromium.
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          // The demo stack (anvil chains, API server, the demo app), once per run: getDemo().
          globalSetup: ['test/e2e/global-setup.ts'],
          // Child processes, not threads: anvil dies with the thread that spawned it.
          pool: 'forks',
          // One file at a time: each launches a Chromium; on 2 cores two at once are slower.
          fileParallelism: false,
          // A flow (connect, fill, review, approve in the wallet, read the chain) is a dozen
          // steps that each may wait 15 s; on a loaded 2-core machine a Solana send took
          // 31 s. The steps' own waits fail a broken test; this only ends a stuck one.
          testTimeout: 90_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // examples/nextjs built with `next build`, served by `next start`, in Chromium.
          name: 'nextjs',
          environment: 'node',
          include: ['test/nextjs/**/*.test.ts'],
          // Child processes, not threads: anvil and next start die with their spawner.
          pool: 'forks',
          testTimeout: 90_000,
          // The beforeAll that builds (the package's browser entries when dist/ is stale, then
          // next build) waits while the builds progress and sets its own timeout (BUILD_HOOK_MS).
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
