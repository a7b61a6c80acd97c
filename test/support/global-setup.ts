/**
 * vitest globalSetup: starts the local chains once for the whole run, provides their
 * addresses to tests (read them with `getDevstack()` from devstack.ts) and stops them when
 * the run ends. Add to a config with `globalSetup: ['test/support/global-setup.ts']`.
 * When the chains cannot start it provides why (`devstackError`) instead of throwing, so
 * only the tests that read them fail (sharedService.ts).
 */
import type { TestProject } from 'vitest/node'
import { startChains } from '../../devstack/chain.js'
// Type-only: brings in the ProvidedContext augmentation without loading vitest's runtime here.
import type { DevstackInfo } from './devstack.js'
import { SHARED_SERVICES, startFailure } from './sharedService.js'

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  try {
    const { chains, accounts, stop } = await startChains()
    // Only plain data crosses to the test workers; stop() stays here.
    const info: DevstackInfo = { chains, accounts }
    project.provide('devstack', info)
    return stop
  } catch (error) {
    const failure = startFailure(SHARED_SERVICES.devstack, error)
    console.error(failure)
    project.provide('devstackError', failure)
    return async () => {}
  }
}
