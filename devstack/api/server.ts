/**
 * Starts the local API server: the routes of app.ts on 127.0.0.1, reading from the local
 * chains. Tests and `npm run demo` start one; `stop()` ends it and every open connection.
 */
import type { AddressInfo } from 'node:net'
import { type ServerType, serve } from '@hono/node-server'
import { type CreateSiweVerifierOptions, createSiweVerifier, type SiweVerifierServer } from '../siwe/index.js'
import { type ApiSettings, createApiApp, type NameService } from './app.js'
import { type ApiChain, createChainReader } from './chainReader.js'
import { createFaultController, type FaultSwitch } from './faults.js'
import { type ApiSolanaChain, createSolanaReader } from './solanaReader.js'
import { createWalletRegistry } from './walletRegistry.js'

export type StartApiServerOptions = {
  /** The chains to serve; `startChains().chains` fits as is. */
  chains: readonly ApiChain[]
  /** Default: a free port chosen by the OS. */
  port?: number
  /** Default 127.0.0.1: the server is for this machine only. */
  host?: string
  /** Initial project settings (analytics on, every origin allowed, no swap router). */
  settings?: Partial<ApiSettings>
  /** Where names and identities come from; without one, none exist. */
  names?: NameService
  /**
   * Serve sign-in from the start (see {@link ApiServer.serveSiwe}); without this option
   * or a later `serveSiwe`, there are no sign-in routes.
   *
   * @example { origin: 'http://127.0.0.1:5173', db: { dataDir: '.devstack/sessions/5173' } }
   */
  siwe?: ApiSiweOptions
  /**
   * The local Solana endpoint whose balances to serve too.
   *
   * @example { rpcUrl: rpc.url, genesisHash: rpc.genesisHash, mints: rpc.mints }
   */
  solana?: ApiSolanaChain
}

/** The sign-in verifier's options; its chains are the API server's. */
export type ApiSiweOptions = Omit<CreateSiweVerifierOptions, 'chains'>

export type ApiServer = {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:43121`. */
  url: string
  port: number
  /** Arms faults and reads the request log (also over HTTP: POST /__faults, GET /__requests). */
  faults: FaultSwitch
  /** Live project settings: changes apply to the next request. */
  settings: ApiSettings
  /**
   * Serves sign-in (`/siwe/*`, the reference verifier of devstack/siwe) for the app at
   * `origin`, on the API's chains, from the next request on. For a page whose origin is
   * only known once its own server runs (the demo's); once per server. `db: { dataDir }`
   * keeps sessions across restarts; by default they live in memory.
   *
   * @example await api.serveSiwe({ origin: demoUrl, db: { dataDir } })
   */
  serveSiwe(options: ApiSiweOptions): Promise<void>
  /** Stops listening, ends open and hanging connections, closes the sign-in database, and resolves when done. */
  stop(): Promise<void>
}

/**
 * @example
 * const chains = await startChains()
 * const api = await startApiServer({ chains: chains.chains })
 * createKernel({ networks, projectId: 'demo', api: { blockchainUrl: api.url, walletsUrl: api.url } })
 * await api.stop()
 */
export async function startApiServer(options: StartApiServerOptions): Promise<ApiServer> {
  if (options.chains.length === 0) throw new Error('startApiServer needs at least one chain')
  const host = options.host ?? '127.0.0.1'
  const faults = createFaultController()
  const settings: ApiSettings = { analyticsEnabled: true, allowedOrigins: [], ...options.settings }
  const start = performance.now()
  let stopping: Promise<void> | undefined
  let siwe: SiweVerifierServer | undefined
  let siweOpening: Promise<void> | undefined
  const serveSiwe = (siweOptions: ApiSiweOptions): Promise<void> => {
    if (stopping) return Promise.reject(new Error('serveSiwe: the API server is stopped'))
    if (siweOpening) return Promise.reject(new Error('serveSiwe: this API server already serves sign-in'))
    siweOpening = createSiweVerifier({ ...siweOptions, chains: options.chains }).then(
      (verifier) => {
        siwe = verifier
      },
      (error: unknown) => {
        siweOpening = undefined
        throw error
      },
    )
    return siweOpening
  }
  const closeSiwe = async () => {
    await siweOpening?.catch(() => {})
    await siwe?.close()
  }
  // Opened first: a data dir that cannot be opened fails the start, not the first sign-in.
  if (options.siwe) await serveSiwe(options.siwe)
  const app = createApiApp({
    reader: createChainReader(options.chains),
    faults,
    registry: createWalletRegistry(),
    settings,
    names: options.names,
    siwe: () => siwe?.app,
    ...(options.solana && { solana: createSolanaReader(options.solana) }),
    now: () => performance.now() - start,
  })

  const { server, port } = await new Promise<{ server: ServerType; port: number }>((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname: host, port: options.port ?? 0 }, (info: AddressInfo) =>
      resolve({ server, port: info.port }),
    )
    server.once('error', reject)
  }).catch(async (error: unknown) => {
    await closeSiwe()
    throw error
  })

  return {
    url: `http://${host}:${port}`,
    port,
    faults,
    settings,
    serveSiwe,
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        faults.releaseAll()
        server.close(() => resolve())
        // Keep-alive and hanging connections would hold close() open.
        ;(server as { closeAllConnections?: () => void }).closeAllConnections?.()
      }).then(closeSiwe)
      return stopping
    },
  }
}
