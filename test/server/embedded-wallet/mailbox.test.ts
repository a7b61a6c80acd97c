/**
 * The devstack mailbox: mail sent with nodemailer over SMTP is read back over HTTP, as
 * JSON for tests and as the inbox page a person reads, where a message's HTML is only
 * ever text.
 */
import nodemailer, { type Transporter } from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StartedMailbox, startMailbox } from '../../../devstack/mailbox/index.js'

let mailbox: StartedMailbox
let transport: Transporter

beforeAll(async () => {
  mailbox = await startMailbox()
  transport = nodemailer.createTransport({ host: '127.0.0.1', port: mailbox.smtpPort, secure: false })
})

afterAll(async () => {
  transport?.close()
  await mailbox?.stop()
})

type Listed = { messages: { to: string[]; subject: string; text: string; from: string }[] }

describe('the devstack mailbox', () => {
  it('keeps a message sent over SMTP and answers it as JSON by recipient, newest first', async () => {
    await transport.sendMail({
      from: 'login@latchkit.test',
      to: 'Ada@Example.com',
      subject: 'First',
      text: 'Your code is 123456',
    })
    await transport.sendMail({
      from: 'login@latchkit.test',
      to: 'ada@example.com',
      subject: 'Second',
      text: 'two',
    })
    await transport.sendMail({
      from: 'login@latchkit.test',
      to: 'bob@example.com',
      subject: 'Other',
      text: 'x',
    })

    const response = await fetch(`${mailbox.url}/messages?to=${encodeURIComponent('ADA@example.com')}`)
    expect(response.status).toBe(200)
    const body = (await response.json()) as Listed
    expect(body.messages.map((message) => message.subject)).toEqual(['Second', 'First'])
    expect(body.messages[1]).toMatchObject({
      from: 'login@latchkit.test',
      to: ['ada@example.com'],
      text: 'Your code is 123456',
    })
    const all = (await (await fetch(`${mailbox.url}/messages`)).json()) as Listed
    expect(all.messages.map((message) => message.subject).slice(0, 3)).toEqual(['Other', 'Second', 'First'])
    expect(mailbox.messages('bob@example.com')).toHaveLength(1)
  })

  it('shows the inbox page with text only: markup in a mail is escaped, http links are links', async () => {
    await transport.sendMail({
      from: 'login@latchkit.test',
      to: 'eve@example.com',
      subject: 'Hello <b>there</b>',
      html: '<p>Approve: <a href="http://127.0.0.1:1/v1/device/approve?token=abc">link</a></p><script>alert(1)</script><img src=x onerror=alert(2)>',
      text: 'Approve: http://127.0.0.1:1/v1/device/approve?token=abc <img src=x onerror=alert(2)>',
    })
    const response = await fetch(mailbox.url)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
    const page = await response.text()
    expect(page).toContain('Hello &lt;b&gt;there&lt;/b&gt;')
    expect(page).toContain('&lt;img src=x onerror=alert(2)&gt;')
    expect(page).not.toContain('<img')
    expect(page).not.toContain('<script')
    expect(page).toContain(
      '<a href="http://127.0.0.1:1/v1/device/approve?token=abc" rel="noreferrer">http://127.0.0.1:1/v1/device/approve?token=abc</a>',
    )
    // Newest first on the page too.
    expect(page.indexOf('Hello &lt;b&gt;')).toBeLessThan(page.indexOf('Your code is 123456'))
  })

  it('answers a bad query with 400 JSON', async () => {
    const response = await fetch(`${mailbox.url}/messages?to=${'a'.repeat(400)}`)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ code: 'BAD_REQUEST' })
  })
})
