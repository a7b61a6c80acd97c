/**
 * Shared set-up of the API tests: one local API server per test file over the shared
 * chains (or the file's own), kernels and `kernel.api` primitives pointed at it with a
 * silent logger, and plain `fetch` for the server's own answers.
 */
import { type CaipNetworkId, createKernel, type Kernel, type KernelApi, type Network } from 'latchkit'
import { type ApiTransportOptions, createApi } from 'latchkit/internal'
import type { Query } from 'latchkit/internal/http'
import { localChain } from 'latchkit/networks'
import { afterAll, beforeAll } from 'vitest'
import type { LoggedRequest } from '../../../devstack/api/faults'
import type { ApiChain } from '../../../devstack/api/fixtureChains'
import { type ApiServer, type StartApiServerOptions, startApiServer } from '../../../devstack/api/server'
import { createLogger } from '../../../src/kernel/logger'

export const PROJECT_ID = 'test-project'
export const SDK = { sdkType: 'latchkit-test', sdkVersion: '4' }
export const LOCAL = 'eip155:31337'
export const LOCAL_2 = 'eip155:31338'

/** A logger that keeps entries in its buffer and prints nothing. */
export const quietLogger = () => createLogger({ level: 'debug', sink: () => {} })

/**
 * The two local chains the API server serves, as an app lists them. The API tests never
 * reach an RPC endpoint, so the URLs are placeholders.
 */
export const localNetworks = (): Network[] => [
  localChain(31337, 'http://127.0.0.1:1', 'Local'),
  localChain(31338, 'http://127.0.0.1:2', 'Local 2'),
]

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

export interface TestKernelOptions {
  /** Which services point at the server (default both). */
  services?: readonly ('blockchain' | 'wallets')[]
  clientId?: string
  /** The active network (default the first local chain). */
  defaultNetwork?: CaipNetworkId
}

/**
 * A kernel on the two local chains whose `kernel.api` points at `server`, as an app
 * configures it: `createKernel({ networks, projectId, api: { blockchainUrl, walletsUrl } })`.
 */
export function testKernel(server: ApiServer, options: TestKernelOptions = {}): Kernel {
  const services = options.services ?? ['blockchain', 'wallets']
  return createKernel({
    networks: localNetworks(),
    defaultNetwork: options.defaultNetwork,
    projectId: PROJECT_ID,
    ...SDK,
    api: {
      blockchainUrl: services.includes('blockchain') ? server.url : undefined,
      walletsUrl: services.includes('wallets') ? server.url : undefined,
      clientId: options.clientId,
    },
    storage: null,
    logger: { level: 'silent' },
  })
}

export interface TestApiOptions extends TestKernelOptions {
  /** The app's networks, which the gate checks (default the two local chains). */
  networks?: readonly Network[]
  /** What tests replace in how requests are sent: fetch, retryPolicy, sleep, timeoutMs, now. */
  transport?: ApiTransportOptions
}

/**
 * `createApi` as the kernel calls it, on `server`, reading the active network from the
 * store of a {@link testKernel}; for the transport overrides a kernel does not take.
 */
export function testApi(server: ApiServer, options: TestApiOptions = {}): KernelApi {
  const services = options.services ?? ['blockchain', 'wallets']
  const kernel = testKernel(server, { defaultNetwork: options.defaultNetwork })
  return createApi({
    blockchainUrl: services.includes('blockchain') ? server.url : undefined,
    walletsUrl: services.includes('wallets') ? server.url : undefined,
    clientId: options.clientId,
    projectId: PROJECT_ID,
    ...SDK,
    networks: options.networks ?? localNetworks(),
    logger: quietLogger(),
    store: kernel.store,
    transport: options.transport,
  })
}

/** The answer of a plain GET to the server, with `projectId` added to `query`. */
export interface JsonAnswer<T = unknown> {
  status: number
  body: T
}

function serverUrl(server: ApiServer, path: string, query: Query): string {
  const url = new URL(path, `${server.url}/`)
  for (const [key, value] of Object.entries({ projectId: PROJECT_ID, ...query })) {
    if (value === undefined || value === null) continue
    url.searchParams.set(key, Array.isArray(value) ? value.join(',') : String(value))
  }
  return url.toString()
}

/**
 * GETs `path` from the server with plain fetch (projectId added) and reads the JSON answer.
 *
 * @example
 * const { status, body } = await getJson(server(), '/getWallets', { page: 1, entries: 40 })
 */
export async function getJson<T = unknown>(
  server: ApiServer,
  path: string,
  query: Query = {},
): Promise<JsonAnswer<T>> {
  const response = await fetch(serverUrl(server, path, query))
  return { status: response.status, body: (await response.json()) as T }
}

/** POSTs `body` as JSON to `path` (projectId added to the query) and reads the JSON answer. */
export async function postJson<T = unknown>(
  server: ApiServer,
  path: string,
  body: unknown,
  query: Query = {},
): Promise<JsonAnswer<T>> {
  const response = await fetch(serverUrl(server, path, query), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as T }
}

/** Calls the server logged whose path starts with `prefix`. */
export function requestsTo(server: ApiServer, prefix: string): LoggedRequest[] {
  return server.faults.requests.filter((request) => request.path.startsWith(prefix))
}

/** No wait between retries: for failure-path tests that do not measure the schedule. */
export const noSleep = async () => {}
