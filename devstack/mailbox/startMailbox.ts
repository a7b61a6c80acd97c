/**
 * The devstack's mail server: a local SMTP server (smtp-server) that accepts every message
 * without authentication or TLS and keeps it in memory, parsed by mailparser, and an HTTP
 * mailbox on another port to read it: `GET /` the inbox page a person reads (newest first,
 * text only), `GET /messages?to=<address>` the same messages as JSON for tests. Nothing
 * is relayed anywhere: it is where the frame service's login codes land during
 * development.
 */
import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { Hono } from 'hono'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import * as z from 'zod/mini'
import { listen } from '../../server/http/listen.js'
import type { MailboxMessage } from './mailboxMessage.js'
import { mailboxPage } from './mailboxPage.js'

export type StartMailboxOptions = {
  /** Default 0: a free port. */
  smtpPort?: number
  /** Default 0: a free port. */
  httpPort?: number
  /** Default 127.0.0.1. */
  host?: string
}

export type StartedMailbox = {
  /** The port to give a mailer as its SMTP server (no TLS, no authentication). */
  smtpPort: number
  smtpHost: string
  /** The mailbox page, e.g. `http://127.0.0.1:41234`; JSON at `${url}/messages?to=`. */
  url: string
  /** The messages, newest first; only those sent to `to` (any case) when given. */
  messages(to?: string): MailboxMessage[]
  /** Stops both servers. Safe to call twice. */
  stop(): Promise<void>
}

/** The most messages kept; the oldest go first. */
const MAX_MESSAGES = 1000
/** The largest message taken, in bytes. */
const MAX_MESSAGE_BYTES = 1024 * 1024

const messagesQuery = z.object({ to: z.optional(z.string().check(z.maxLength(320))) })

/**
 * @example
 * const mailbox = await startMailbox()
 * // nodemailer.createTransport({ host: '127.0.0.1', port: mailbox.smtpPort, secure: false })
 * const [latest] = mailbox.messages('ada@example.com')
 */
export async function startMailbox(options: StartMailboxOptions = {}): Promise<StartedMailbox> {
  const host = options.host ?? '127.0.0.1'
  const stored: MailboxMessage[] = []

  const smtp = new SMTPServer({
    authOptional: true,
    // A local server: no certificate to offer, so no STARTTLS, no AUTH.
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    // On stop, sessions still open are ended after this long rather than the default 30 s.
    closeTimeout: 1000,
    banner: 'Latchkit devstack mailbox',
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const envelope = session.envelope
          stored.push({
            id: randomUUID(),
            from: envelope.mailFrom ? envelope.mailFrom.address : '',
            to: envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: (parsed.text ?? '').trimEnd(),
            receivedAt: new Date().toISOString(),
          })
          if (stored.length > MAX_MESSAGES) stored.splice(0, stored.length - MAX_MESSAGES)
          callback()
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      )
    },
  })
  // A client that hangs up mid-session is not the server's problem.
  smtp.on('error', () => {})
  const smtpPort = await new Promise<number>((resolve, reject) => {
    smtp.server.once('error', reject)
    smtp.listen(options.smtpPort ?? 0, host, () => {
      smtp.server.off('error', reject)
      resolve((smtp.server.address() as AddressInfo).port)
    })
  })

  const messages = (to?: string) => {
    const wanted = to?.trim().toLowerCase()
    return stored.filter((message) => !wanted || message.to.includes(wanted)).reverse()
  }

  const app = new Hono()
  app.get('/', (c) => {
    // The page holds mail text only; the policy is a second guard should that ever slip.
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
    c.header('Cache-Control', 'no-store')
    return c.html(mailboxPage(messages()))
  })
  app.get('/messages', (c) => {
    const query = z.safeParse(messagesQuery, c.req.query())
    if (!query.success) return c.json({ code: 'BAD_REQUEST', message: 'to must be an address' }, 400)
    c.header('Cache-Control', 'no-store')
    return c.json({ messages: messages(query.data.to) })
  })
  app.notFound((c) => c.json({ code: 'NOT_FOUND', message: 'no such mailbox route' }, 404))

  let http: Awaited<ReturnType<typeof listen>>
  try {
    http = await listen(app.fetch, { port: options.httpPort ?? 0, host })
  } catch (error) {
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
    throw error
  }

  let stopping: Promise<void> | undefined
  return {
    smtpPort,
    smtpHost: host,
    url: http.url,
    messages,
    stop() {
      stopping ??= Promise.all([
        http.close(),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ]).then(() => {})
      return stopping
    },
  }
}
