// Tests of the devstack and the test harness itself. The lead merges this into the main
// vitest config later; until then: `npx vitest run -c vitest.devstack.config.ts`.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/devstack/**/*.test.ts'],
    environment: 'node',
    // Starts the shared chains once per run; tests read them with getDevstack().
    globalSetup: ['test/support/global-setup.ts'],
    // Child processes, not threads: anvil is tied to the thread that spawned it (setpriv
    // --pdeathsig), and a fork's main thread lives exactly as long as the worker.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
