/**
 * vitest globalSetup: starts the local chains once for the whole run, provides their
 * addresses to tests (read them with `getDevstack()` from devstack.ts) and stops them when
 * the run ends. Add to a config with `globalSetup: ['test/support/global-setup.ts']`.
 */
import type { TestProject } from 'vitest/node'
import { startChains } from '../../devstack/chain.js'
// Type-only: brings in the ProvidedContext augmentation without loading vitest's runtime here.
import type { DevstackInfo } from './devstack.js'

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { chains, accounts, stop } = await startChains()
  // Only plain data crosses to the test workers; stop() stays here.
  const info: DevstackInfo = { chains, accounts }
  project.provide('devstack', info)
  return stop
}
