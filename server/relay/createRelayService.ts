/**
 * A self-hostable WalletConnect 2 relay: JSON-RPC 2.0 over WebSocket, speaking what the
 * WalletConnect clients (`@walletconnect/core` 2.21) send — `irn_publish`,
 * `irn_subscribe`, their batch forms, `irn_batchFetchMessages`, and the session set-up
 * calls `wc_proposeSession` / `wc_approveSession` — and pushing `irn_subscription` to
 * subscribers. Messages live in the database until their TTL runs out (see mailbox.ts),
 * so a restart or a second instance loses none; instances on one PostgreSQL server tell
 * each other about new messages (publishNotices.ts). Sockets open only with a valid
 * relay-auth token made for this relay's URL (relayAuth.ts).
 */
import { createHash, randomUUID } from 'node:crypto'
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { type WebSocket, WebSocketServer } from 'ws'
import type { Database, DatabaseOption } from '../db/sqlClient.js'
import { createMailbox, type Mailbox, type MailboxMessage, openRelayDatabase } from './mailbox.js'
import { type PublishNotice, type PublishNotices, startPublishNotices } from './publishNotices.js'
import { normalizeAudience, RelayAuthError, verifyRelayJwt } from './relayAuth.js'
import {
  DEFAULT_RELAY_LIMITS,
  ParamsError,
  type Publication,
  type RelayLimits,
  type RpcId,
  readApproveSession,
  readBatchPublish,
  readBatchUnsubscribe,
  readFrame,
  readProposeSession,
  readPublish,
  readSubscribe,
  readTopics,
  readUnsubscribe,
  rpcErrors,
} from './relayRequests.js'

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

/** One open socket and what it is subscribed to. */
type Connection = {
  socket: WebSocket
  clientId: string
  topics: Set<string>
  /** Pushed but not yet acknowledged: push request id → message id. */
  inFlight: Map<number, string>
  /** Message ids pushed on this socket and not yet recorded as delivered: never pushed twice. */
  pushed: Set<string>
  answeredPing: boolean
}

const DEFAULT_PING_INTERVAL_MS = 20_000
const DEFAULT_PURGE_INTERVAL_MS = 60_000

/** The id a client expects for its subscription to a topic: sha256(topic + client id), hex. */
export function subscriptionId(topic: string, clientId: string): string {
  return createHash('sha256').update(`${topic}${clientId}`).digest('hex')
}

const trimPath = (path: string) => path.replace(/\/+$/, '') || '/'

function refuseUpgrade(socket: Duplex, status: number, reason: string, message: string): void {
  const body = JSON.stringify({ message })
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
}

/** The id of a JSON-RPC answer, written as it came: a big number stays exact. */
function encodeAnswer(id: RpcId | null, rawId: string | undefined, body: object): string {
  const text = JSON.stringify({ jsonrpc: '2.0', id: rawId === undefined ? id : 0, ...body })
  return rawId === undefined ? text : text.replace('"id":0', `"id":${rawId}`)
}

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
  const audience = normalizeAudience(publicUrl)
  const limits: RelayLimits = { ...DEFAULT_RELAY_LIMITS, ...options.limits }
  const projectIds =
    options.projectIds && options.projectIds.length > 0 ? new Set(options.projectIds) : undefined
  const option = options.database ?? {}
  const db: Database = await openRelayDatabase(option)
  const mailbox: Mailbox = createMailbox(db.sql)
  const instance = randomUUID()

  const connections = new Set<Connection>()
  const byTopic = new Map<string, Set<Connection>>()
  let nextPushId = Date.now() * 1000

  const log = (what: string, error: unknown) =>
    console.error(`[latchkit relay] ${what}:`, error instanceof Error ? error.message : error)

  const send = (connection: Connection, text: string) => {
    if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(text)
  }

  /** Pushes one message as `irn_subscription`, once per socket, never to its publisher. */
  const push = (connection: Connection, message: MailboxMessage) => {
    if (message.publisher === connection.clientId || connection.pushed.has(message.id)) return
    if (!connection.topics.has(message.topic)) return
    connection.pushed.add(message.id)
    const id = nextPushId++
    connection.inFlight.set(id, message.id)
    const data: Record<string, unknown> = {
      topic: message.topic,
      message: message.message,
      publishedAt: message.publishedAt,
      tag: message.tag,
    }
    if (message.attestation !== null) data.attestation = message.attestation
    send(
      connection,
      JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'irn_subscription',
        params: { id: subscriptionId(message.topic, connection.clientId), data },
      }),
    )
  }

  /** Hands a new message to this instance's subscribers of its topic. */
  const fanOut = (message: MailboxMessage) => {
    for (const connection of byTopic.get(message.topic) ?? []) push(connection, message)
  }

  const onNotice = (notice: PublishNotice) => {
    if (!byTopic.has(notice.topic)) return
    mailbox.get(notice.id).then(
      (message) => message && fanOut(message),
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
    fanOut(message)
    notices
      .announce({ instance, id: message.id, topic: message.topic })
      .catch((error: unknown) => log('announcing a message', error))
  }

  /** Pushes what waits for this client on `topics` (after the answer to its subscribe). */
  const pushPending = async (connection: Connection, topics: readonly string[]) => {
    for (;;) {
      const pending = await mailbox.pendingFor(connection.clientId, topics, limits.maxFetchMessages)
      const fresh = pending.filter((message) => !connection.pushed.has(message.id))
      for (const message of fresh) push(connection, message)
      if (pending.length < limits.maxFetchMessages || fresh.length === 0) return
    }
  }

  const subscribe = (connection: Connection, topics: readonly string[]) => {
    const added = topics.filter((topic) => !connection.topics.has(topic))
    if (connection.topics.size + added.length > limits.maxSubscriptionsPerSocket)
      throw new ParamsError(
        `a socket may hold at most ${limits.maxSubscriptionsPerSocket} subscriptions`,
        rpcErrors.limitExceeded,
      )
    for (const topic of added) {
      connection.topics.add(topic)
      const set = byTopic.get(topic) ?? new Set<Connection>()
      byTopic.set(topic, set)
      set.add(connection)
    }
  }

  const unsubscribe = (connection: Connection, topics: readonly string[]) => {
    for (const topic of topics) {
      connection.topics.delete(topic)
      const set = byTopic.get(topic)
      set?.delete(connection)
      if (set?.size === 0) byTopic.delete(topic)
    }
  }

  /** Runs one request; its result, or a ParamsError. `after` runs once the answer is sent. */
  const handle = async (
    connection: Connection,
    method: string,
    params: unknown,
  ): Promise<{ result: unknown; after?: () => Promise<void> }> => {
    switch (method) {
      case 'irn_publish':
        await publish(connection, readPublish(params, limits))
        return { result: true }
      case 'irn_batchPublish': {
        for (const publication of readBatchPublish(params, limits)) await publish(connection, publication)
        return { result: true }
      }
      case 'irn_subscribe': {
        const topic = readSubscribe(params)
        subscribe(connection, [topic])
        return {
          result: subscriptionId(topic, connection.clientId),
          after: () => pushPending(connection, [topic]),
        }
      }
      case 'irn_batchSubscribe': {
        const topics = readTopics(params, limits)
        subscribe(connection, topics)
        return {
          result: topics.map((topic) => subscriptionId(topic, connection.clientId)),
          after: () => pushPending(connection, topics),
        }
      }
      case 'irn_unsubscribe':
        unsubscribe(connection, [readUnsubscribe(params)])
        return { result: true }
      case 'irn_batchUnsubscribe':
        unsubscribe(connection, readBatchUnsubscribe(params, limits))
        return { result: true }
      case 'irn_batchFetchMessages': {
        const topics = readTopics(params, limits)
        const found = await mailbox.pendingFor(connection.clientId, topics, limits.maxFetchMessages + 1)
        // At most maxFetchMessages, and no more bytes than a frame may hold (at least one).
        const messages: MailboxMessage[] = []
        let bytes = 0
        for (const message of found.slice(0, limits.maxFetchMessages)) {
          bytes += Buffer.byteLength(message.message) + (message.attestation?.length ?? 0) + 200
          if (messages.length > 0 && bytes > limits.maxFrameBytes) break
          messages.push(message)
        }
        // Fetched is delivered: the answer is the client's copy.
        await mailbox.markDelivered(
          messages.map((message) => message.id),
          connection.clientId,
        )
        return {
          result: {
            messages: messages.map((message) => ({
              topic: message.topic,
              message: message.message,
              publishedAt: message.publishedAt,
              tag: message.tag,
              ...(message.attestation !== null && { attestation: message.attestation }),
            })),
            hasMore: found.length > messages.length,
          },
        }
      }
      case 'wc_proposeSession': {
        const proposal = readProposeSession(params, limits)
        // The dapp does not subscribe to its new pairing topic itself: proposing does it,
        // so the wallet's answer on that topic reaches it.
        subscribe(connection, [proposal.topic])
        await publish(connection, proposal)
        return { result: true, after: () => pushPending(connection, [proposal.topic]) }
      }
      case 'wc_approveSession': {
        const { sessionTopic, response, settlement } = readApproveSession(params, limits)
        // The wallet does not subscribe to the session topic itself: approving does it.
        subscribe(connection, [sessionTopic])
        await publish(connection, settlement)
        await publish(connection, response)
        return { result: true, after: () => pushPending(connection, [sessionTopic]) }
      }
      default:
        throw new ParamsError(`method ${method} is not supported by this relay`, rpcErrors.methodNotFound)
    }
  }

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

  const onFrame = async (connection: Connection, text: string) => {
    const frame = readFrame(text)
    if (frame.kind === 'response') return onAck(connection, frame.response.id)
    // Ids past 2^53 lose digits in JSON.parse: answer with the digits the client sent.
    const rawId =
      frame.kind === 'request' &&
      typeof frame.request.id === 'number' &&
      !Number.isSafeInteger(frame.request.id)
        ? [...text.matchAll(/"id"\s*:\s*(\d{16,})/g)]
            .map((match) => match[1] as string)
            .find((digits) => Number(digits) === frame.request.id)
        : undefined
    if (frame.kind === 'invalid')
      return send(
        connection,
        encodeAnswer(frame.id, undefined, { error: { code: frame.code, message: frame.message } }),
      )
    const { id, method, params } = frame.request
    let after: (() => Promise<void>) | undefined
    try {
      const handled = await handle(connection, method, params)
      after = handled.after
      send(connection, encodeAnswer(id, rawId, { result: handled.result }))
    } catch (error) {
      if (error instanceof ParamsError)
        return send(
          connection,
          encodeAnswer(id, rawId, { error: { code: error.code, message: error.message } }),
        )
      log(`${method} failed`, error)
      return send(
        connection,
        encodeAnswer(id, rawId, { error: { code: rpcErrors.internal, message: 'internal error' } }),
      )
    }
    // Answered already: a failure here (pushing what waits) is only logged; the client
    // gets those messages on its next subscribe.
    await after?.().catch((error: unknown) => log(`pushing what waits after ${method}`, error))
  }

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
        send(
          connection,
          encodeAnswer(null, undefined, {
            error: { code: rpcErrors.invalidRequest, message: 'frames must be text (JSON)' },
          }),
        )
        return
      }
      onFrame(connection, data.toString()).catch((error: unknown) => log('a frame', error))
    })
    socket.on('error', () => socket.terminate())
    socket.on('close', () => {
      connections.delete(connection)
      unsubscribe(connection, [...connection.topics])
    })
  }

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://relay.invalid')
    if (trimPath(url.pathname) !== trimPath(path)) {
      // Another handler may take it; with none, answer rather than leave the socket hanging.
      if (attachedTo && attachedTo.listenerCount('upgrade') <= 1)
        refuseUpgrade(socket, 404, 'Not Found', `no WebSocket endpoint at ${url.pathname}`)
      return
    }
    let clientId: string
    try {
      clientId = verifyRelayJwt(url.searchParams.get('auth'), { audience }).clientId
    } catch (error) {
      const message = error instanceof RelayAuthError ? error.message : 'the auth token is not valid'
      return refuseUpgrade(socket, 401, 'Unauthorized', message)
    }
    if (projectIds && !projectIds.has(url.searchParams.get('projectId') ?? ''))
      return refuseUpgrade(socket, 403, 'Forbidden', 'this projectId may not use this relay')
    wss.handleUpgrade(request, socket, head, (ws) => onConnection(ws, clientId))
  }

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

  let attachedTo: Server | undefined
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
