/**
 * Reading the devstack mailbox over HTTP, as a person reads an inbox: the newest mail to an
 * address, the login code in it, the device-approval link in it. Shared by the frame
 * service's tests (mailbox in process) and the demo's (mailbox in the global setup).
 */

export type Mail = { to: string[]; subject: string; text: string }

/**
 * The mails to `email`, newest first.
 *
 * @example const count = (await mailsTo(mailbox, 'ada@example.com')).length
 */
export async function mailsTo(mailbox: { url: string }, email: string): Promise<Mail[]> {
  const response = await fetch(`${mailbox.url}/messages?to=${encodeURIComponent(email)}`)
  if (!response.ok) throw new Error(`the mailbox answered ${response.status}`)
  return ((await response.json()) as { messages: Mail[] }).messages
}

/**
 * The newest mail to `email` beyond the first `seen`, waiting up to 10 s for it to arrive.
 *
 * @example const code = codeOf(await nextMail(mailbox, email, seen))
 */
export async function nextMail(mailbox: { url: string }, email: string, seen: number): Promise<Mail> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const messages = await mailsTo(mailbox, email)
    if (messages.length > seen) return messages[0] as Mail
    if (Date.now() > deadline) throw new Error(`no new mail to ${email} after ${seen} within 10 s`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** The 6-digit code of a mail. */
export function codeOf(mail: Mail): string {
  // The subject leads with the code ("123456 is your login code for ..."); the text also
  // holds addresses, and a test address may hold six digits in a row.
  const code = mail.subject.match(/^(\d{6}) is your\b/)?.[1]
  if (!code) throw new Error(`no code in the mail "${mail.subject}"`)
  return code
}

/** The device-approval link of a mail. */
export function linkOf(mail: Mail): string {
  const link = mail.text.match(/https?:\/\/\S+\/v1\/device\/approve\?token=[A-Za-z0-9_-]+/)?.[0]
  if (!link) throw new Error(`no approval link in the mail "${mail.subject}"`)
  return link
}
