/**
 * A shared service that cannot start must not end the whole run: its vitest globalSetup
 * provides why instead of throwing (a throw there made every project report "No test
 * files found"), and the accessor the tests call throws that, naming the service and the
 * cause, so only the tests that need it fail. Shown with the EVM indexer's setup run
 * against a fake project whose chain does not answer, or whose chains did not start.
 */

import { describe, expect, it } from 'vitest'
import type { TestProject } from 'vitest/node'
import { findFreePort } from '../../devstack/free-port.js'
import evmIndexerSetup from '../support/evm-indexer-global-setup.js'
import { getEvmHistory } from '../support/evmIndexer.js'
import { requireService, SHARED_SERVICES } from '../support/sharedService.js'

/** A stand-in for vitest's project: what the setup reads, and what it provides. */
function fakeProject(context: Record<string, unknown>) {
  const provided: Record<string, unknown> = {}
  const project = {
    getProvidedContext: () => context,
    provide: (key: string, value: unknown) => {
      provided[key] = value
    },
  } as unknown as TestProject
  return { project, provided }
}

/** What the tests' accessor (getEvmHistory) does with what the setup provided. */
const readIndexer = (provided: Record<string, unknown>) =>
  requireService(
    SHARED_SERVICES.evmIndexer,
    provided.evmIndexer,
    provided.evmIndexerError as string | undefined,
    'test/support/evm-indexer-global-setup.ts',
  )

describe('a shared service that does not start', () => {
  it("the EVM indexer's setup provides why its chain did not answer, and the accessor throws it", async () => {
    const rpcUrl = `http://127.0.0.1:${await findFreePort()}` // nothing listens there
    const { project, provided } = fakeProject({
      devstack: { chains: [{ chainId: 31337, rpcUrl }], accounts: [] },
    })
    const teardown = await evmIndexerSetup(project)
    await teardown()

    expect(provided.evmIndexer).toBeUndefined()
    expect(() => readIndexer(provided)).toThrow(
      `the shared EVM history indexer (Ponder, test/support/evm-indexer-global-setup.ts) did not start: eth_getBlockByNumber at ${rpcUrl} failed 6 times`,
    )
  }, 60_000)

  it("the EVM indexer's setup names the chains when they did not start", async () => {
    const { project, provided } = fakeProject({
      devstackError:
        'the shared local chains (anvil, test/support/global-setup.ts) did not start: anvil exited (1)',
    })
    await (await evmIndexerSetup(project))()
    expect(() => readIndexer(provided)).toThrow(
      'did not start: it indexes the shared chains, and the shared local chains (anvil, test/support/global-setup.ts) did not start: anvil exited (1)',
    )
  })

  it('an accessor whose setup is not in the config says which file to add', () => {
    expect(() => getEvmHistory()).toThrow(
      "the shared EVM history indexer (Ponder, test/support/evm-indexer-global-setup.ts) is not running: add 'test/support/evm-indexer-global-setup.ts' to the vitest config's globalSetup",
    )
  })
})
