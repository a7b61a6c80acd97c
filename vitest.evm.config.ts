import { defineConfig } from 'vitest/config'
import { alias } from './vitest.shared.ts'

// The EVM adapter's tests: fake-provider unit tests and the anvil integration test.
export default defineConfig({
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
})
