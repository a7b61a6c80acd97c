/**
 * How a vitest globalSetup reports a shared service (the chains, PostgreSQL, the EVM
 * indexer, the demo stack) that did not start. Throwing from a globalSetup ends the whole
 * run: every project then reports "No test files found". So the setup provides why the
 * service is missing instead, and the accessor the tests call (`getDevstack()`,
 * `getEvmHistory()`, `sharedPostgresUrl()`, `getDemo()`) throws it: only the tests that
 * need the service fail, with a message naming it and the cause.
 */

/** The shared services, as their errors name them (with the globalSetup that starts each). */
export const SHARED_SERVICES = {
  devstack: 'the shared local chains (anvil, test/support/global-setup.ts)',
  postgres: 'the shared PostgreSQL server (test/support/postgres-global-setup.ts)',
  evmIndexer: 'the shared EVM history indexer (Ponder, test/support/evm-indexer-global-setup.ts)',
  demo: 'the demo stack of the browser tests (test/e2e/global-setup.ts)',
} as const

/**
 * The message a failed start is provided as, e.g. "the shared local chains (anvil) did
 * not start: anvil exited (1)".
 *
 * @example project.provide('devstackError', startFailure('the shared local chains (anvil)', error))
 */
export function startFailure(service: string, error: unknown): string {
  return `${service} did not start: ${error instanceof Error ? error.message : String(error)}`
}

/**
 * What the globalSetup provided for `service`: its value, or the provided failure thrown,
 * or, when the setup is not in the config at all, an error saying which file to add.
 *
 * @example requireService('the shared local chains (anvil)', inject('devstack'), inject('devstackError'), 'test/support/global-setup.ts')
 */
export function requireService<T>(
  service: string,
  value: T | undefined,
  failure: string | undefined,
  setupFile: string,
): T {
  if (failure) throw new Error(failure)
  if (value === undefined || value === null) {
    throw new Error(`${service} is not running: add '${setupFile}' to the vitest config's globalSetup`)
  }
  return value
}
