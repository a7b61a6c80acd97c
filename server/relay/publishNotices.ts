/**
 * How relay instances on one PostgreSQL server tell each other about a new message:
 * `NOTIFY` on one channel with the message's id and topic, `LISTEN` on a connection of
 * its own. The message itself is already a row, so a notice that is missed (a listener
 * reconnecting) loses nothing: the subscriber gets the row on its next subscribe or fetch.
 * The embedded database lives in one process, so there a relay needs no notices at all.
 */
import type { DatabaseOption, SqlClient } from '../db/sqlClient.js'

/** The channel every relay instance listens on. */
export const RELAY_CHANNEL = 'latchkit_relay'

/** What one instance tells the others: which message, on which topic, from whom. */
export type PublishNotice = { instance: string; id: string; topic: string }

export type PublishNotices = {
  /** Tells the other instances; a no-op on the embedded database. */
  announce(notice: PublishNotice): Promise<void>
  close(): Promise<void>
}

/** A listening connection: node-postgres's `Client`, or a client checked out of its `Pool`. */
type ListeningClient = {
  query(text: string): Promise<unknown>
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): unknown
  on(event: 'error', listener: (error: Error) => void): unknown
  removeAllListeners(): unknown
}

type Connect = () => Promise<{ client: ListeningClient; release(): Promise<void> }>

/** How to open a listening connection for a database option, if it is a PostgreSQL server. */
function listenerFor(option: DatabaseOption): Connect | undefined {
  if ('url' in option && typeof option.url === 'string') {
    const url = option.url
    return async () => {
      const { default: pg } = await import('pg')
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      return { client, release: () => client.end() }
    }
  }
  // A node-postgres Pool the caller owns: one of its clients, kept for the relay's life.
  const pool = option as { connect?: unknown; totalCount?: unknown }
  if (typeof pool.connect === 'function' && typeof pool.totalCount === 'number') {
    const connect = pool.connect as () => Promise<ListeningClient & { release(destroy?: boolean): void }>
    return async () => {
      const client = await connect.call(pool)
      return {
        client,
        release: async () => client.release(true),
      }
    }
  }
  return undefined
}

const isNotice = (value: unknown): value is PublishNotice => {
  const notice = value as PublishNotice
  return (
    typeof notice === 'object' &&
    notice !== null &&
    typeof notice.instance === 'string' &&
    typeof notice.id === 'string' &&
    /^\d{1,19}$/.test(notice.id) &&
    typeof notice.topic === 'string'
  )
}

/**
 * Listens for other instances' notices (calling `onNotice`, never for this instance's
 * own) and announces this one's. A lost listening connection is opened again a second later.
 *
 * @example
 * const notices = await startPublishNotices({ url }, db.sql, instanceId, (notice) => fanOut(notice))
 */
export async function startPublishNotices(
  option: DatabaseOption,
  sql: SqlClient,
  instance: string,
  onNotice: (notice: PublishNotice) => void,
): Promise<PublishNotices> {
  const connect = listenerFor(option)
  if (!connect) return { announce: async () => {}, close: async () => {} }
  let closed = false
  let current: Awaited<ReturnType<Connect>> | undefined
  let retry: NodeJS.Timeout | undefined

  const open = async (): Promise<void> => {
    const connection = await connect()
    connection.client.on('notification', ({ channel, payload }) => {
      if (channel !== RELAY_CHANNEL || payload === undefined) return
      let notice: unknown
      try {
        notice = JSON.parse(payload)
      } catch {
        return
      }
      if (isNotice(notice) && notice.instance !== instance) onNotice(notice)
    })
    connection.client.on('error', (error) => {
      console.error('[latchkit relay] listening connection lost:', error.message)
      connection.client.removeAllListeners()
      connection.release().catch(() => {})
      if (current === connection) current = undefined
      if (!closed) retry = setTimeout(reopen, 1000)
    })
    await connection.client.query(`LISTEN ${RELAY_CHANNEL}`)
    current = connection
  }
  const reopen = () => {
    retry = undefined
    open().catch((error: unknown) => {
      console.error('[latchkit relay] cannot listen again:', error instanceof Error ? error.message : error)
      if (!closed) retry = setTimeout(reopen, 1000)
    })
  }
  await open()
  return {
    async announce(notice) {
      await sql.query('SELECT pg_notify($1, $2)', [RELAY_CHANNEL, JSON.stringify(notice)])
    },
    async close() {
      closed = true
      clearTimeout(retry)
      const connection = current
      current = undefined
      if (connection) {
        connection.client.removeAllListeners()
        await connection.release().catch(() => {})
      }
    },
  }
}
