/**
 * Shared set-up of the API tests: one local API server per test file over the shared
 * chains (or the file's own), and clients pointed at it with a silent logger.
 */
import { afterAll, beforeAll } from 'vitest'
import type { ApiChain } from '../../devstack/api/fixtureChains'
import type { LoggedRequest } from '../../devstack/api/faults'
import { type ApiServer, type StartApiServerOptions, startApiServer } from '../../devstack/api/server'
import { type BlockchainApiOptions, createBlockchainApi } from '../../src/kernel/api/blockchainApi'
import { createWalletsApi, type WalletsApiOptions } from '../../src/kernel/api/walletsApi'
import { createLogger } from '../../src/kernel/logger'

export const PROJECT_ID = 'test-project'
export const SDK = { sdkType: 'latchkit-test', sdkVersion: '4' }
export const LOCAL = 'eip155:31337'

/** A logger that keeps entries in its buffer and prints nothing. */
export const quietLogger = () => createLogger({ level: 'debug', sink: () => {} })

/**
 * Starts an API server in `beforeAll` and stops it in `afterAll`; the getter returns it.
 *
 * @example
 * const server = apiServerForFile(() => getDevstack().chains)
 * it('answers', async () => { await fetch(`${server().url}/v1/supported-chains?projectId=p`) })
 */
export function apiServerForFile(
  chains: () => readonly ApiChain[],
  options: Omit<StartApiServerOptions, 'chains'> = {},
): () => ApiServer {
  let server: ApiServer | undefined
  beforeAll(async () => {
    server = await startApiServer({ ...options, chains: chains() })
  })
  afterAll(async () => {
    await server?.stop()
  })
  return () => {
    if (!server) throw new Error('the API server is only available inside tests and hooks')
    return server
  }
}

/** A Blockchain API client on `server` for the local chains, all of them supported. */
export function blockchainClient(server: ApiServer, overrides: Partial<BlockchainApiOptions> = {}) {
  return createBlockchainApi({
    baseUrl: server.url,
    projectId: PROJECT_ID,
    ...SDK,
    isSupportedNetwork: (id) => id === 'eip155:31337' || id === 'eip155:31338',
    activeNetwork: () => LOCAL,
    logger: quietLogger(),
    ...overrides,
  })
}

export function walletsClient(server: ApiServer, overrides: Partial<WalletsApiOptions> = {}) {
  return createWalletsApi({
    baseUrl: server.url,
    projectId: PROJECT_ID,
    ...SDK,
    logger: quietLogger(),
    ...overrides,
  })
}

/** Calls the server logged whose path starts with `prefix`. */
export function requestsTo(server: ApiServer, prefix: string): LoggedRequest[] {
  return server.faults.requests.filter((request) => request.path.startsWith(prefix))
}

/** No wait between retries: for failure-path tests that do not measure the schedule. */
export const noSleep = async () => {}
