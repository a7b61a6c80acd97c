/**
 * A connection whose answer went out before its request's body arrived (a 413 from the
 * Content-Length alone) is closed without a reset: the server keeps reading what the
 * client still sends until the client hangs up. A server that closed at once made the
 * kernel reset the connection on the client's next bytes, and a client still uploading
 * (fetch with a 1 MiB body on a busy machine) lost the 413 it had not read yet.
 */
import { connect } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type Listening, listen } from '../../../server/http/listen.js'

let server: Listening

beforeAll(async () => {
  // Refuses every body from its declared size, without reading any of it.
  server = await listen(() => new Response('{"code":"PAYLOAD_TOO_LARGE"}', { status: 413 }))
})

afterAll(() => server?.close())

type Outcome = { answer: string; error?: string }

/** Sends headers and part of a 1 MiB body, waits for the answer, then sends the rest and hangs up. */
function uploadPastTheAnswer(port: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let answer = ''
    let error: string | undefined
    let sent = false
    const sendRest = async () => {
      sent = true
      const chunk = Buffer.alloc(64 * 1024, 0x78)
      for (let i = 0; i < 15 && !socket.destroyed; i++) {
        if (!socket.write(chunk)) await new Promise((drained) => socket.once('drain', drained))
        // Let the server's side run between chunks, as a real upload does.
        await new Promise((next) => setImmediate(next))
      }
      socket.end()
    }
    socket.on('data', (data: Buffer) => {
      answer += data.toString('latin1')
      if (!sent && answer.includes('PAYLOAD_TOO_LARGE')) void sendRest()
    })
    socket.on('error', (failure: NodeJS.ErrnoException) => {
      error = failure.code ?? failure.message
    })
    socket.on('close', () => resolve({ answer, ...(error ? { error } : {}) }))
    socket.on('connect', () => {
      socket.write(
        `POST /v1/anything HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${1024 * 1024}\r\n\r\n`,
      )
      socket.write(Buffer.alloc(64 * 1024, 0x78))
    })
  })
}

it('reads what a client still sends after a 413, so the client gets the answer and no reset', async () => {
  const outcome = await uploadPastTheAnswer(server.port)
  expect(outcome.answer).toMatch(/^HTTP\/1\.1 413 /)
  expect(outcome.answer.toLowerCase()).toContain('connection: close')
  expect(outcome.error).toBeUndefined()
})
