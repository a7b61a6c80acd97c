/**
 * A self-hostable WalletConnect 2 relay: JSON-RPC 2.0 over WebSocket, speaking what the
 * WalletConnect clients (`@walletconnect/core` 2.21) send — `irn_publish`,
 * `irn_subscribe`, their batch forms, `irn_batchFetchMessages`, and the session set-up
 * calls `wc_proposeSession` / `wc_approveSession` — and pushing `irn_subscription` to
 * subscribers. Messages live in the database until their TTL runs out (see mailbox.ts),
 * so a restart or a second instance loses none; instances on one PostgreSQL server tell
 * each other about new messages (publishNotices.ts). Sockets open only with a valid
 * relay-auth token made for this relay's URL (relayAuth.ts).
 *
 * This file composes the relay: the topic hub (topicHub.ts), the method table
 * (relayMethods.ts), how a frame is answered (frameAnswers.ts), which upgrades are taken
 * (relayUpgrade.ts), and the sockets' life: pings, closing.
 */
import { randomUUID } from 'node:crypto'
import type { Server } from 'node:http'
import { type WebSocket, WebSocketServer } from 'ws'
import type { Database, DatabaseOption } from '../db/sqlClient.js'
import { answerFrame, encodeAnswer, type FrameDeps } from './frameAnswers.js'
import { createMailbox, type Mailbox, openRelayDatabase } from './mailbox.js'
import { type PublishNotice, type PublishNotices, startPublishNotices } from './publishNotices.js'
import { normalizeAudience } from './relayAuth.js'
import { type Connection, logRelayError as log, sendText } from './relayConnection.js'
import {
  DEFAULT_RELAY_LIMITS,
  type Publication,
  type RelayLimits,
  type RpcId,
  rpcErrors,
} from './relayRequests.js'
import { upgradeHandler } from './relayUpgrade.js'
import { createTopicHub } from './topicHub.js'

export { subscriptionId } from './relayConnection.js'

export type CreateRelayServiceOptions = {
  /**
   * The URL clients connect to, as they write it (e.g. `wss://relay.example/relay`): a
   * client's token must name it as its audience. Its path is where the relay answers
   * upgrades unless `path` says otherwise (behind a proxy that rewrites paths).
   */
  publicUrl: string
  /** The HTTP path upgrades are taken on; default the path of `publicUrl`. */
  path?: string
  /** Where messages are kept; see `DatabaseOption`. Default: PGlite in memory. */
  database?: DatabaseOption
  /** The project ids allowed to connect (the `projectId` query parameter); default any. */
  projectIds?: readonly string[]
  /** How often each socket is pinged; one that has not answered the last ping is dropped. Default 20 s. */
  pingIntervalMs?: number
  /** How often expired messages are deleted. Default 60 s. */
  purgeIntervalMs?: number
  /** Any of the limits to change; see `DEFAULT_RELAY_LIMITS`. */
  limits?: Partial<RelayLimits>
}

export type RelayService = {
  /** The public URL, as given. */
  publicUrl: string
  /** The path upgrades are taken on. */
  path: string
  /** Takes WebSocket upgrades on `path` from this HTTP server (other paths are left to other handlers). */
  attach(server: Server): void
  /** How many sockets are open now. */
  readonly connections: number
  /** Closes every socket (1001), stops listening for notices and closes the database it opened. */
  close(): Promise<void>
}

const DEFAULT_PING_INTERVAL_MS = 20_000
const DEFAULT_PURGE_INTERVAL_MS = 60_000

/**
 * @example
 * const relay = await createRelayService({ publicUrl: 'wss://relay.example/relay', database: { url } })
 * relay.attach(httpServer)
 */
export async function createRelayService(options: CreateRelayServiceOptions): Promise<RelayService> {
  const publicUrl = options.publicUrl
  if (!URL.canParse(publicUrl) || !/^wss?:$/.test(new URL(publicUrl).protocol))
    throw new Error(`relay: publicUrl ${publicUrl} must be a ws:// or wss:// URL`)
  const path = options.path ?? new URL(publicUrl).pathname
  const limits: RelayLimits = { ...DEFAULT_RELAY_LIMITS, ...options.limits }
  const option = options.database ?? {}
  const db: Database = await openRelayDatabase(option)
  const mailbox: Mailbox = createMailbox(db.sql)
  const instance = randomUUID()
  const connections = new Set<Connection>()
  const hub = createTopicHub(mailbox, limits)

  const onNotice = (notice: PublishNotice) => {
    if (!hub.listensOn(notice.topic)) return
    mailbox.get(notice.id).then(
      (message) => message && hub.fanOut(message),
      (error: unknown) => log('reading a message another instance stored', error),
    )
  }
  let notices: PublishNotices
  try {
    notices = await startPublishNotices(option, db.sql, instance, onNotice)
  } catch (error) {
    await db.close()
    throw error
  }

  /** Stores, then tells this instance's subscribers and the other instances. */
  const publish = async (connection: Connection, publication: Publication) => {
    const message = await mailbox.store({
      topic: publication.topic,
      message: publication.message,
      tag: publication.tag,
      attestation: publication.attestation,
      publisher: connection.clientId,
      publishedAt: Date.now(),
      ttlSeconds: publication.ttlSeconds,
    })
    hub.fanOut(message)
    notices
      .announce({ instance, id: message.id, topic: message.topic })
      .catch((error: unknown) => log('announcing a message', error))
  }

  /** A push was acknowledged: its message is delivered to this client. */
  const onAck = (connection: Connection, id: RpcId) => {
    if (typeof id !== 'number') return
    const messageId = connection.inFlight.get(id)
    if (messageId === undefined) return
    connection.inFlight.delete(id)
    mailbox.markDelivered([messageId], connection.clientId).then(
      () => connection.pushed.delete(messageId),
      (error: unknown) => log('recording a delivery', error),
    )
  }
  const frameDeps: FrameDeps = { limits, mailbox, hub, publish, onAck }

  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxFrameBytes })

  const onConnection = (socket: WebSocket, clientId: string) => {
    const connection: Connection = {
      socket,
      clientId,
      topics: new Set(),
      inFlight: new Map(),
      pushed: new Set(),
      answeredPing: true,
    }
    connections.add(connection)
    socket.on('pong', () => {
      connection.answeredPing = true
    })
    socket.on('message', (data, isBinary) => {
      connection.answeredPing = true
      if (isBinary) {
        sendText(
          connection,
          encodeAnswer(null, undefined, {
            error: { code: rpcErrors.invalidRequest, message: 'frames must be text (JSON)' },
          }),
        )
        return
      }
      answerFrame(connection, data.toString(), frameDeps).catch((error: unknown) => log('a frame', error))
    })
    socket.on('error', () => socket.terminate())
    socket.on('close', () => {
      connections.delete(connection)
      hub.unsubscribe(connection, [...connection.topics])
    })
  }

  let attachedTo: Server | undefined
  const onUpgrade = upgradeHandler({
    path,
    audience: normalizeAudience(publicUrl),
    projectIds: options.projectIds && options.projectIds.length > 0 ? new Set(options.projectIds) : undefined,
    onlyListener: () => attachedTo !== undefined && attachedTo.listenerCount('upgrade') <= 1,
    accept: (request, socket, head, clientId) =>
      wss.handleUpgrade(request, socket, head, (ws) => onConnection(ws, clientId)),
  })

  const pingInterval = options.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS
  const pinger = setInterval(() => {
    for (const connection of connections) {
      if (!connection.answeredPing) {
        connection.socket.terminate()
        continue
      }
      connection.answeredPing = false
      connection.socket.ping()
    }
  }, pingInterval)
  pinger.unref()
  const purger = setInterval(() => {
    mailbox.purgeExpired().catch((error: unknown) => log('purging expired messages', error))
  }, options.purgeIntervalMs ?? DEFAULT_PURGE_INTERVAL_MS)
  purger.unref()

  let closing: Promise<void> | undefined
  return {
    publicUrl,
    path,
    get connections() {
      return connections.size
    },
    attach(server) {
      if (attachedTo) throw new Error('relay: already attached to a server')
      attachedTo = server
      server.on('upgrade', onUpgrade)
    },
    close() {
      closing ??= (async () => {
        clearInterval(pinger)
        clearInterval(purger)
        attachedTo?.off('upgrade', onUpgrade)
        // A socket that does not finish the closing handshake within a second is cut.
        await Promise.all(
          [...connections].map(
            ({ socket }) =>
              new Promise<void>((resolve) => {
                const cut = setTimeout(() => socket.terminate(), 1000)
                socket.once('close', () => {
                  clearTimeout(cut)
                  resolve()
                })
                socket.close(1001, 'relay shutting down')
              }),
          ),
        )
        await new Promise<void>((resolve) => wss.close(() => resolve()))
        await notices.close()
        await db.close()
      })()
      return closing
    },
  }
}
