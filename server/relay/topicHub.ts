/**
 * This instance's subscriptions: which sockets listen on which topic, and pushing a message
 * to them as `irn_subscription` — once per socket, never to its publisher, and what waited
 * in the mailbox after a subscribe.
 */
import type { Mailbox, MailboxMessage } from './mailbox.js'
import { type Connection, sendText, subscriptionId } from './relayConnection.js'
import { ParamsError, type RelayLimits, rpcErrors } from './relayRequests.js'

export type TopicHub = ReturnType<typeof createTopicHub>

/**
 * @example
 * const hub = createTopicHub(mailbox, limits)
 * hub.subscribe(connection, [topic])
 * await hub.pushPending(connection, [topic])
 */
export function createTopicHub(mailbox: Mailbox, limits: RelayLimits) {
  const byTopic = new Map<string, Set<Connection>>()
  let nextPushId = Date.now() * 1000

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
    sendText(
      connection,
      JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'irn_subscription',
        params: { id: subscriptionId(message.topic, connection.clientId), data },
      }),
    )
  }

  return {
    /** Whether any socket of this instance listens on the topic. */
    listensOn: (topic: string) => byTopic.has(topic),

    /** Hands a new message to this instance's subscribers of its topic. */
    fanOut(message: MailboxMessage) {
      for (const connection of byTopic.get(message.topic) ?? []) push(connection, message)
    },

    /** Pushes what waits for this client on `topics` (after the answer to its subscribe). */
    async pushPending(connection: Connection, topics: readonly string[]) {
      for (;;) {
        const pending = await mailbox.pendingFor(connection.clientId, topics, limits.maxFetchMessages)
        const fresh = pending.filter((message) => !connection.pushed.has(message.id))
        for (const message of fresh) push(connection, message)
        if (pending.length < limits.maxFetchMessages || fresh.length === 0) return
      }
    },

    subscribe(connection: Connection, topics: readonly string[]) {
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
    },

    unsubscribe(connection: Connection, topics: readonly string[]) {
      for (const topic of topics) {
        connection.topics.delete(topic)
        const set = byTopic.get(topic)
        set?.delete(connection)
        if (set?.size === 0) byTopic.delete(topic)
      }
    },
  }
}
