/**
 * The relay on a port of its own: a Node HTTP server that takes WebSocket upgrades and
 * answers any plain HTTP request with 426 in JSON (a browser tab opened on the URL learns
 * what it is). For the relay beside the API on one port, see `startServer`'s `relay`.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { DatabaseOption } from '../db/sqlClient.js'
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
  const server = createServer((_request, response) => {
    const body = JSON.stringify({ message: 'this is a WalletConnect relay: connect with a WebSocket' })
    response.writeHead(426, { 'content-type': 'application/json', upgrade: 'websocket' }).end(body)
  })
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject)
      resolve((server.address() as AddressInfo).port)
    })
  })
  const closeServer = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
  const urlHost = host.includes(':') ? `[${host}]` : host
  const { port: _port, host: _host, publicUrl, ...serviceOptions } = options
  let relay: RelayService
  try {
    relay = await createRelayService({
      ...serviceOptions,
      publicUrl: publicUrl ?? `ws://${urlHost}:${port}`,
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
