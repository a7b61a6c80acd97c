/**
 * The relay's method table: one handler per JSON-RPC method a WalletConnect 2 client
 * sends. A handler reads its params strictly (a ParamsError is the client's error answer)
 * and returns its result, and what to do once the answer is sent (`after`: pushing what
 * waits on a topic just subscribed to, so the answer comes first).
 */
import type { Mailbox, MailboxMessage } from './mailbox.js'
import { type Connection, subscriptionId } from './relayConnection.js'
import {
  ParamsError,
  type Publication,
  type RelayLimits,
  readApproveSession,
  readBatchPublish,
  readBatchUnsubscribe,
  readProposeSession,
  readPublish,
  readSubscribe,
  readTopics,
  readUnsubscribe,
  rpcErrors,
} from './relayRequests.js'
import type { TopicHub } from './topicHub.js'

/** What a method handler works with. */
export type RelayCall = {
  connection: Connection
  params: unknown
  limits: RelayLimits
  mailbox: Mailbox
  hub: TopicHub
  /** Stores a message, then tells this instance's subscribers and the other instances. */
  publish(connection: Connection, publication: Publication): Promise<void>
}

export type MethodOutcome = { result: unknown; after?: () => Promise<void> }

type MethodHandler = (call: RelayCall) => Promise<MethodOutcome> | MethodOutcome

/** What `irn_batchFetchMessages` answers for one message. */
const fetchedMessage = (message: MailboxMessage) => ({
  topic: message.topic,
  message: message.message,
  publishedAt: message.publishedAt,
  tag: message.tag,
  ...(message.attestation !== null && { attestation: message.attestation }),
})

const methods: Readonly<Record<string, MethodHandler>> = {
  async irn_publish({ connection, params, limits, publish }) {
    await publish(connection, readPublish(params, limits))
    return { result: true }
  },

  async irn_batchPublish({ connection, params, limits, publish }) {
    for (const publication of readBatchPublish(params, limits)) await publish(connection, publication)
    return { result: true }
  },

  irn_subscribe({ connection, params, hub }) {
    const topic = readSubscribe(params)
    hub.subscribe(connection, [topic])
    return {
      result: subscriptionId(topic, connection.clientId),
      after: () => hub.pushPending(connection, [topic]),
    }
  },

  irn_batchSubscribe({ connection, params, limits, hub }) {
    const topics = readTopics(params, limits)
    hub.subscribe(connection, topics)
    return {
      result: topics.map((topic) => subscriptionId(topic, connection.clientId)),
      after: () => hub.pushPending(connection, topics),
    }
  },

  irn_unsubscribe({ connection, params, hub }) {
    hub.unsubscribe(connection, [readUnsubscribe(params)])
    return { result: true }
  },

  irn_batchUnsubscribe({ connection, params, limits, hub }) {
    hub.unsubscribe(connection, readBatchUnsubscribe(params, limits))
    return { result: true }
  },

  async irn_batchFetchMessages({ connection, params, limits, mailbox }) {
    const topics = readTopics(params, limits)
    // A message pushed on this socket and not yet acknowledged is on its way to this client
    // already: handing it over again would have the client process it twice at once.
    const found = (await mailbox.pendingFor(connection.clientId, topics, limits.maxFetchMessages + 1)).filter(
      (message) => !connection.pushed.has(message.id),
    )
    // At most maxFetchMessages, and no more bytes than a frame may hold (at least one).
    const messages: MailboxMessage[] = []
    let bytes = 0
    for (const message of found.slice(0, limits.maxFetchMessages)) {
      bytes += Buffer.byteLength(message.message) + (message.attestation?.length ?? 0) + 200
      if (messages.length > 0 && bytes > limits.maxFrameBytes) break
      messages.push(message)
    }
    // Fetched is delivered: the answer is the client's copy. Held as pushed meanwhile, so a
    // subscribe's push of what waits does not send it too.
    for (const message of messages) connection.pushed.add(message.id)
    try {
      await mailbox.markDelivered(
        messages.map((message) => message.id),
        connection.clientId,
      )
    } finally {
      for (const message of messages) connection.pushed.delete(message.id)
    }
    return {
      result: { messages: messages.map(fetchedMessage), hasMore: found.length > messages.length },
    }
  },

  async wc_proposeSession({ connection, params, limits, hub, publish }) {
    const proposal = readProposeSession(params, limits)
    // The dapp does not subscribe to its new pairing topic itself: proposing does it,
    // so the wallet's answer on that topic reaches it.
    hub.subscribe(connection, [proposal.topic])
    await publish(connection, proposal)
    return { result: true, after: () => hub.pushPending(connection, [proposal.topic]) }
  },

  async wc_approveSession({ connection, params, limits, hub, publish }) {
    const { sessionTopic, response, settlement } = readApproveSession(params, limits)
    // The wallet does not subscribe to the session topic itself: approving does it.
    hub.subscribe(connection, [sessionTopic])
    await publish(connection, settlement)
    await publish(connection, response)
    return { result: true, after: () => hub.pushPending(connection, [sessionTopic]) }
  },
}

/**
 * Runs one request: its outcome, or a ParamsError (`methodNotFound` for a method not in the table).
 *
 * @example
 * const { result, after } = await runMethod('irn_subscribe', { connection, params, limits, mailbox, hub, publish })
 */
export async function runMethod(method: string, call: RelayCall): Promise<MethodOutcome> {
  const handler = Object.hasOwn(methods, method) ? methods[method] : undefined
  if (!handler)
    throw new ParamsError(`method ${method} is not supported by this relay`, rpcErrors.methodNotFound)
  return handler(call)
}
