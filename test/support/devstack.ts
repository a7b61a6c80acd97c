/**
 * What the devstack globalSetup (global-setup.ts) hands to tests, and how tests read it.
 * The chains are shared by every test file of a run: treat them as read-only. A test that
 * sends transactions should start its own chains with `startChains()` (about 0.2 s from
 * the state cache) so it cannot disturb other files running in parallel.
 */
import { inject } from 'vitest'
import type { LocalChainInfo } from '../../devstack/chain.js'
import type { FixtureAccount } from '../../devstack/fixtures.js'

export type DevstackInfo = {
  chains: LocalChainInfo[]
  accounts: FixtureAccount[]
}

declare module 'vitest' {
  export interface ProvidedContext {
    devstack: DevstackInfo
  }
}

/**
 * The shared local chains, started once per run by the globalSetup.
 *
 * @example
 * const { chains, accounts } = getDevstack()
 * const client = createPublicClient({ transport: http(chains[0].rpcUrl) })
 */
export function getDevstack(): DevstackInfo {
  const devstack = inject('devstack')
  if (!devstack) {
    throw new Error(
      "devstack is not running: add 'test/support/global-setup.ts' to the vitest config's globalSetup",
    )
  }
  return devstack
}
