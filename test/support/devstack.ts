/**
 * What the devstack globalSetup (global-setup.ts) hands to tests, and how tests read it.
 * The chains are shared by every test file of a run: treat them as read-only. A test that
 * sends transactions should start its own chains with `startChains()` (about 0.2 s from
 * the state cache) so it cannot disturb other files running in parallel.
 */
import { inject } from 'vitest'
import type { LocalChainInfo } from '../../devstack/chain.js'
import type { FixtureAccount } from '../../devstack/fixtures.js'
import { requireService, SHARED_SERVICES } from './sharedService.js'

export type DevstackInfo = {
  chains: LocalChainInfo[]
  accounts: FixtureAccount[]
}

declare module 'vitest' {
  export interface ProvidedContext {
    devstack: DevstackInfo
    /** Why the chains did not start, when they did not (then `devstack` is not provided). */
    devstackError: string
  }
}

/**
 * The shared local chains, started once per run by the globalSetup; throws why they did
 * not start when they did not.
 *
 * @example
 * const { chains, accounts } = getDevstack()
 * const client = createPublicClient({ transport: http(chains[0].rpcUrl) })
 */
export function getDevstack(): DevstackInfo {
  return requireService(
    SHARED_SERVICES.devstack,
    inject('devstack'),
    inject('devstackError'),
    'test/support/global-setup.ts',
  )
}
