// Browser tests of the dev wallet and the demo (test/e2e). The lead merges this into the
// main vitest config later; until then: `npx vitest run -c vitest.e2e.config.ts`.
import { defineConfig } from 'vitest/config'
import { alias } from './vitest.shared.ts'

export default defineConfig({
  resolve: { alias },
  test: {
    include: ['test/e2e/**/*.test.ts'],
    environment: 'node',
    // The demo stack (anvil chains + the demo's Vite server), once per run: getDemo().
    globalSetup: ['test/e2e/global-setup.ts'],
    // Child processes, not threads: anvil is tied to the thread that spawned it (setpriv
    // --pdeathsig), and a fork's main thread lives exactly as long as the worker.
    pool: 'forks',
    // One file at a time: each launches a Chromium, and on 2 cores two of them at once
    // (next to the demo server and anvil) are slower than one after the other.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
