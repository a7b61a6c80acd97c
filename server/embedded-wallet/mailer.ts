/**
 * The service's mail: nodemailer over the configured SMTP server. Plain text only, each
 * mail saying what it holds (the code or the link) and for which app (its origin), so a
 * person can tell a real login from a lure. A mail that cannot be handed to the server is
 * a `MAIL_UNAVAILABLE` (503): the only 5xx the service answers for a caller's request.
 */
import nodemailer from 'nodemailer'
import { FrameServiceError } from './errors.js'

export type FrameSmtpOptions = {
  host: string
  port: number
  /** TLS from the start (port 465). Default false: STARTTLS when the server offers it. */
  secure?: boolean
  auth?: { user: string; pass: string }
  /** The sender, e.g. `Latchkit <login@example.com>`. */
  from: string
}

/** One mail: a login code, a device-approval link, or an email-update code. */
export type FrameMail =
  | { kind: 'login-code'; to: string; code: string; appOrigin: string }
  | { kind: 'device-link'; to: string; link: string; appOrigin: string }
  | { kind: 'update-current'; to: string; code: string; appOrigin: string; newEmail: string }
  | { kind: 'update-new'; to: string; code: string; appOrigin: string }

export type FrameMailer = {
  send(mail: FrameMail): Promise<void>
  close(): void
}

const MINUTES = 10

/** Subject and text of a mail. */
export function composeMail(mail: FrameMail): { subject: string; text: string } {
  switch (mail.kind) {
    case 'login-code':
      return {
        subject: `${mail.code} is your login code for ${mail.appOrigin}`,
        text: `Your login code for ${mail.appOrigin} is ${mail.code}\n\nIt works once, for ${MINUTES} minutes. If you did not try to log in to ${mail.appOrigin}, ignore this mail: nobody can log in without the code.`,
      }
    case 'device-link':
      return {
        subject: `Approve a new device for ${mail.appOrigin}`,
        text: `Someone is logging in to ${mail.appOrigin} with this address on a device you have not used before.\n\nIf it is you, approve the device: ${mail.link}\n\nThen a login code comes in a second mail. The link works once, for ${MINUTES} minutes. If it was not you, ignore this mail.`,
      }
    case 'update-current':
      return {
        subject: `${mail.code} is your code to change your login email for ${mail.appOrigin}`,
        text: `To change the login email for ${mail.appOrigin} to ${mail.newEmail}, enter this code: ${mail.code}\n\nIt works once, for ${MINUTES} minutes. If you did not ask for this, ignore this mail and your email stays as it is.`,
      }
    case 'update-new':
      return {
        subject: `${mail.code} is your code to confirm this email for ${mail.appOrigin}`,
        text: `To make this address your login email for ${mail.appOrigin}, enter this code: ${mail.code}\n\nIt works once, for ${MINUTES} minutes.`,
      }
  }
}

/**
 * @example
 * const mailer = createMailer({ host: '127.0.0.1', port: 2525, from: 'login@latchkit.test' })
 * await mailer.send({ kind: 'login-code', to: 'ada@example.com', code: '042917', appOrigin: 'https://app.example' })
 */
export function createMailer(options: FrameSmtpOptions): FrameMailer {
  const transport = nodemailer.createTransport({
    host: options.host,
    port: options.port,
    secure: options.secure ?? false,
    ...(options.auth ? { auth: options.auth } : {}),
    // A mail server that does not answer must not hold a request for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  })
  return {
    async send(mail) {
      const { subject, text } = composeMail(mail)
      try {
        await transport.sendMail({ from: options.from, to: mail.to, subject, text })
      } catch (error) {
        // The reason goes to the operator's log; the caller learns only that mail is down.
        console.error(
          '[latchkit frame service] mail not sent:',
          error instanceof Error ? error.message : error,
        )
        throw new FrameServiceError('MAIL_UNAVAILABLE')
      }
    },
    close: () => transport.close(),
  }
}
