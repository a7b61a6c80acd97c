/**
 * The devstack's mailbox: a local SMTP server and an inbox page, where the frame service's
 * login codes and device-approval links land during development.
 *
 * @example
 * import { startMailbox } from '../devstack/mailbox/index.js'
 * const mailbox = await startMailbox({ smtpPort: 2525, httpPort: 8025 })
 * // the frame service: smtp: { host: '127.0.0.1', port: mailbox.smtpPort, from: 'login@latchkit.test' }
 */
export type { MailboxMessage } from './mailboxMessage.js'
export { escapeHtml, mailboxPage } from './mailboxPage.js'
export { type StartedMailbox, type StartMailboxOptions, startMailbox } from './startMailbox.js'
