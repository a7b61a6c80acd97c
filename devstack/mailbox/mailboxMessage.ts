/**
 * One message as the mailbox received it. Its own module because both the SMTP side
 * (startMailbox.ts) and the inbox page (mailboxPage.ts) use it, and the former imports the
 * latter.
 */
export type MailboxMessage = {
  id: string
  /** The envelope's sender. */
  from: string
  /** The envelope's recipients, lower case. */
  to: string[]
  subject: string
  /** The text part (made from the HTML part by mailparser when there is no text part). */
  text: string
  /** When it arrived, ISO 8601. */
  receivedAt: string
}
