/**
 * One open socket of the relay, as the relay keeps it: the client it authenticated as, the
 * topics it is subscribed to, and what was pushed on it and not yet acknowledged.
 */
import { createHash } from 'node:crypto'
import type { WebSocket } from 'ws'

export type Connection = {
  socket: WebSocket
  clientId: string
  topics: Set<string>
  /** Pushed but not yet acknowledged: push request id → message id. */
  inFlight: Map<number, string>
  /** Message ids pushed on this socket and not yet recorded as delivered: never pushed twice. */
  pushed: Set<string>
  answeredPing: boolean
}

/**
 * The id a client expects for its subscription to a topic: sha256(topic + client id), hex.
 *
 * @example subscriptionId('ab'.repeat(32), clientId)
 */
export function subscriptionId(topic: string, clientId: string): string {
  return createHash('sha256').update(`${topic}${clientId}`).digest('hex')
}

/**
 * Sends a text frame while the socket is open (a closing socket is left alone).
 *
 * @example sendText(connection, JSON.stringify({ jsonrpc: '2.0', id, result: true }))
 */
export function sendText(connection: Connection, text: string): void {
  if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(text)
}

/** Logs a failure the relay goes on after (a client sees an error answer, or nothing). */
export const logRelayError = (what: string, error: unknown) =>
  console.error(`[latchkit relay] ${what}:`, error instanceof Error ? error.message : error)
