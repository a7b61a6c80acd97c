/**
 * The relay on a port of its own: the shared HTTP listener (server/http/listen.ts) taking
 * WebSocket upgrades and answering any plain HTTP request with 426 in JSON (a browser tab
 * opened on the URL learns what it is). For the relay beside the API on one port, see
 * `startServer`'s `relay`.
 */
import type { DatabaseOption } from '../db/sqlClient.js'
import { errorBody } from '../http/errorAnswer.js'
import { listen } from '../http/listen.js'
import {
  type CreateRelayServiceOptions,
  createRelayService,
  type RelayService,
} from './createRelayService.js'

export type StartRelayOptions = Omit<CreateRelayServiceOptions, 'publicUrl' | 'database'> & {
  /** Default 0: a free port. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  /** Where messages are kept. Default: PGlite in memory. */
  database?: DatabaseOption
  /**
   * The URL clients connect to (their tokens' audience). Default `ws://<host>:<port>`, right
   * when clients reach this process directly; behind TLS or a proxy, give the outside URL.
   */
  publicUrl?: string
}

export type StartedRelay = {
  /** The URL to give clients as `relayUrl`, e.g. `ws://127.0.0.1:8790`. */
  url: string
  port: number
  relay: RelayService
  /** Closes every socket, then the HTTP server and the database. */
  stop(): Promise<void>
}

/**
 * @example
 * const { url, stop } = await startRelay({ port: 8790, database: { dataDir: './.data/relay' } })
 * const client = await SignClient.init({ projectId, relayUrl: url })
 */
export async function startRelay(options: StartRelayOptions = {}): Promise<StartedRelay> {
  const host = options.host ?? '127.0.0.1'
  const listening = await listen(
    () =>
      new Response(
        JSON.stringify(
          errorBody('UPGRADE_REQUIRED', 'this is a WalletConnect relay: connect with a WebSocket'),
        ),
        { status: 426, headers: { 'content-type': 'application/json', upgrade: 'websocket' } },
      ),
    { port: options.port ?? 0, host },
  )
  const { server, port } = listening
  const closeServer = () => listening.close()
  const { port: _port, host: _host, publicUrl, ...serviceOptions } = options
  let relay: RelayService
  try {
    relay = await createRelayService({
      ...serviceOptions,
      publicUrl: publicUrl ?? listening.url.replace(/^http:/, 'ws:'),
    })
  } catch (error) {
    await closeServer()
    throw error
  }
  relay.attach(server)
  let stopping: Promise<void> | undefined
  return {
    url: relay.publicUrl,
    port,
    relay,
    stop() {
      stopping ??= relay.close().then(closeServer)
      return stopping
    },
  }
}
