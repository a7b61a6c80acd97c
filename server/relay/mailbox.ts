/**
 * The relay's mailbox: every published message is a row until its TTL runs out, and a
 * delivery row per client that has acknowledged it. A client that subscribes (on any
 * instance, after any restart) gets what is still there and not yet acknowledged by it,
 * so nothing published while a peer was offline is lost. Plain SQL on PostgreSQL: the
 * embedded database by default, or one server shared by several relay instances.
 */
import { lockedSchema, openDatabaseWithSchema } from '../db/openWithSchema.js'
import type { Database, DatabaseOption, SqlClient } from '../db/sqlClient.js'

/** Any number the relay's instances agree on: the advisory lock that lets one at a time make the tables. */
const SCHEMA_LOCK = 4_735_917_407

const schema = lockedSchema(
  SCHEMA_LOCK,
  `  CREATE TABLE IF NOT EXISTS relay_messages (
    id bigserial PRIMARY KEY,
    topic text NOT NULL,
    message text NOT NULL,
    tag integer NOT NULL DEFAULT 0,
    attestation text,
    publisher text NOT NULL,
    published_at bigint NOT NULL,
    expires_at timestamptz NOT NULL
  );
  CREATE INDEX IF NOT EXISTS relay_messages_topic ON relay_messages (topic, id);
  CREATE INDEX IF NOT EXISTS relay_messages_expires_at ON relay_messages (expires_at);
  CREATE TABLE IF NOT EXISTS relay_deliveries (
    message_id bigint NOT NULL REFERENCES relay_messages (id) ON DELETE CASCADE,
    client_id text NOT NULL,
    PRIMARY KEY (message_id, client_id)
  );`,
)

/**
 * Opens (or adopts) the database and makes sure the relay's tables exist.
 *
 * @example
 * const db = await openRelayDatabase({ url: process.env.DATABASE_URL })
 */
export async function openRelayDatabase(option: DatabaseOption = {}): Promise<Database> {
  return openDatabaseWithSchema(option, schema)
}

/** A message as stored, and as the relay hands it to a subscriber. */
export type MailboxMessage = {
  /** The relay's own id (a bigint as text), never shown to clients. */
  id: string
  topic: string
  message: string
  tag: number
  attestation: string | null
  /** The client id (did:key) of the publisher: it never gets its own message back. */
  publisher: string
  /** Milliseconds since the epoch, as the client sorts by. */
  publishedAt: number
}

export type NewMessage = Omit<MailboxMessage, 'id'> & { ttlSeconds: number }

type Row = {
  id: string
  topic: string
  message: string
  tag: number
  attestation: string | null
  publisher: string
  published_at: string | number
}

const COLUMNS = 'id::text AS id, topic, message, tag, attestation, publisher, published_at'

const fromRow = (row: Row): MailboxMessage => ({
  id: row.id,
  topic: row.topic,
  message: row.message,
  tag: row.tag,
  attestation: row.attestation,
  publisher: row.publisher,
  publishedAt: Number(row.published_at),
})

/** The relay's queries over its two tables. */
export type Mailbox = {
  /** Stores a message; it is durable once this resolves. */
  store(message: NewMessage): Promise<MailboxMessage>
  /** One live message by id; undefined once expired or gone. */
  get(id: string): Promise<MailboxMessage | undefined>
  /**
   * Live messages on `topics` that `clientId` neither published nor acknowledged, oldest
   * first, at most `limit`.
   */
  pendingFor(clientId: string, topics: readonly string[], limit: number): Promise<MailboxMessage[]>
  /** Records that `clientId` has the message; it is not offered to that client again. */
  markDelivered(messageIds: readonly string[], clientId: string): Promise<void>
  /** Drops expired messages (and their delivery rows); returns how many. */
  purgeExpired(): Promise<number>
}

/**
 * @example
 * const mailbox = createMailbox(db.sql)
 * await mailbox.store({ topic, message, tag: 1100, attestation: null, publisher, publishedAt: Date.now(), ttlSeconds: 300 })
 */
export function createMailbox(sql: SqlClient): Mailbox {
  return {
    async store(input) {
      const { rows } = await sql.query<Row>(
        `INSERT INTO relay_messages (topic, message, tag, attestation, publisher, published_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7::double precision))
         RETURNING ${COLUMNS}`,
        [
          input.topic,
          input.message,
          input.tag,
          input.attestation,
          input.publisher,
          input.publishedAt,
          input.ttlSeconds,
        ],
      )
      return fromRow(rows[0] as Row)
    },
    async get(id) {
      const { rows } = await sql.query<Row>(
        `SELECT ${COLUMNS} FROM relay_messages WHERE id = $1::bigint AND expires_at > now()`,
        [id],
      )
      return rows[0] ? fromRow(rows[0]) : undefined
    },
    async pendingFor(clientId, topics, limit) {
      if (topics.length === 0) return []
      const { rows } = await sql.query<Row>(
        `SELECT ${COLUMNS} FROM relay_messages m
         WHERE m.topic = ANY($1::text[]) AND m.expires_at > now() AND m.publisher <> $2
           AND NOT EXISTS (SELECT 1 FROM relay_deliveries d WHERE d.message_id = m.id AND d.client_id = $2)
         ORDER BY m.id
         LIMIT $3`,
        [[...topics], clientId, limit],
      )
      return rows.map(fromRow)
    },
    async markDelivered(messageIds, clientId) {
      if (messageIds.length === 0) return
      // Through a join, so a message purged meanwhile is skipped rather than a foreign-key error.
      await sql.query(
        `INSERT INTO relay_deliveries (message_id, client_id)
         SELECT id, $2 FROM relay_messages WHERE id = ANY($1::bigint[])
         ON CONFLICT DO NOTHING`,
        [[...messageIds], clientId],
      )
    },
    async purgeExpired() {
      const { rows } = await sql.query<{ id: string }>(
        'DELETE FROM relay_messages WHERE expires_at <= now() RETURNING id::text AS id',
      )
      return rows.length
    },
  }
}
