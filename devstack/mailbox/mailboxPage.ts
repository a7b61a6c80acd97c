/**
 * The mailbox's inbox page: every message newest first, as a person reads mail. Only text
 * is shown (the mail's text part, or its HTML part reduced to text by mailparser), each
 * value escaped: a message's HTML never reaches the page as markup. Links in the text are
 * made clickable only when they are http(s) URLs, written back escaped.
 */
import type { MailboxMessage } from './mailboxMessage.js'

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Text made safe to place in HTML content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => escapes[ch] as string)
}

/** The text with its http(s) URLs as links; everything else escaped. */
function linkify(text: string): string {
  let out = ''
  let last = 0
  for (const match of text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    const url = match[0]
    const start = match.index ?? 0
    out += escapeHtml(text.slice(last, start))
    out += URL.canParse(url)
      ? `<a href="${escapeHtml(url)}" rel="noreferrer">${escapeHtml(url)}</a>`
      : escapeHtml(url)
    last = start + url.length
  }
  return out + escapeHtml(text.slice(last))
}

/**
 * The whole page for `messages` (already newest first).
 *
 * @example
 * const html = mailboxPage(mailbox.messages())
 */
export function mailboxPage(messages: readonly MailboxMessage[]): string {
  const items = messages
    .map(
      (message) => `<article data-testid="mail" data-to="${escapeHtml(message.to.join(','))}">
  <header>
    <strong class="subject">${escapeHtml(message.subject || '(no subject)')}</strong>
    <div class="meta">To ${escapeHtml(message.to.join(', '))} · from ${escapeHtml(message.from)} · <time datetime="${escapeHtml(message.receivedAt)}">${escapeHtml(message.receivedAt)}</time></div>
  </header>
  <pre class="body">${linkify(message.text)}</pre>
</article>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Latchkit devstack mailbox</title>
<style>
  body { font: 15px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 760px; padding: 16px; color: #1b1b1f; }
  h1 { font-size: 20px; }
  article { border: 1px solid #d9d9e0; border-radius: 8px; padding: 12px 14px; margin: 12px 0; }
  .meta { color: #60606b; font-size: 13px; margin-top: 2px; }
  .body { white-space: pre-wrap; word-break: break-word; font: inherit; margin: 10px 0 0; }
  .empty { color: #60606b; }
</style>
</head>
<body>
<h1>Mailbox</h1>
<p class="meta">Every message sent to the devstack's SMTP server, newest first. Reload to see new mail.</p>
${items || '<p class="empty">No mail yet.</p>'}
</body>
</html>
`
}
