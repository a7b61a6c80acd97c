/**
 * How the relay reads one text frame of a socket and answers it: a response acknowledges a
 * push, a request runs its method and gets its result or error, anything else gets the
 * JSON-RPC error it deserves. The answer's id is written as the client sent it.
 */
import { type Connection, logRelayError, sendText } from './relayConnection.js'
import { type RelayCall, runMethod } from './relayMethods.js'
import { ParamsError, type RpcId, readFrame, rpcErrors } from './relayRequests.js'

/**
 * The text of a JSON-RPC answer; with `rawId`, the id is written as those digits, so a big
 * number stays exact.
 *
 * @example encodeAnswer(7, undefined, { result: true }) // '{"jsonrpc":"2.0","id":7,"result":true}'
 */
export function encodeAnswer(id: RpcId | null, rawId: string | undefined, body: object): string {
  const text = JSON.stringify({ jsonrpc: '2.0', id: rawId === undefined ? id : 0, ...body })
  return rawId === undefined ? text : text.replace('"id":0', `"id":${rawId}`)
}

/** Ids past 2^53 lose digits in JSON.parse: the digits the client sent for this id. */
function rawIdOf(text: string, id: RpcId): string | undefined {
  if (typeof id !== 'number' || Number.isSafeInteger(id)) return undefined
  return [...text.matchAll(/"id"\s*:\s*(\d{16,})/g)]
    .map((match) => match[1] as string)
    .find((digits) => Number(digits) === id)
}

/** What answering a frame needs besides the frame: everything a method handler works with. */
export type FrameDeps = Omit<RelayCall, 'connection' | 'params'> & {
  /** A push was acknowledged: the response's id. */
  onAck(connection: Connection, id: RpcId): void
}

/**
 * @example
 * socket.on('message', (data) => answerFrame(connection, data.toString(), deps))
 */
export async function answerFrame(connection: Connection, text: string, deps: FrameDeps): Promise<void> {
  const frame = readFrame(text)
  if (frame.kind === 'response') return deps.onAck(connection, frame.response.id)
  if (frame.kind === 'invalid')
    return sendText(
      connection,
      encodeAnswer(frame.id, undefined, { error: { code: frame.code, message: frame.message } }),
    )
  const { id, method, params } = frame.request
  const rawId = rawIdOf(text, id)
  let after: (() => Promise<void>) | undefined
  try {
    const handled = await runMethod(method, { ...deps, connection, params })
    after = handled.after
    sendText(connection, encodeAnswer(id, rawId, { result: handled.result }))
  } catch (error) {
    if (error instanceof ParamsError)
      return sendText(
        connection,
        encodeAnswer(id, rawId, { error: { code: error.code, message: error.message } }),
      )
    logRelayError(`${method} failed`, error)
    return sendText(
      connection,
      encodeAnswer(id, rawId, { error: { code: rpcErrors.internal, message: 'internal error' } }),
    )
  }
  // Answered already: a failure here (pushing what waits) is only logged; the client
  // gets those messages on its next subscribe.
  await after?.().catch((error: unknown) => logRelayError(`pushing what waits after ${method}`, error))
}
