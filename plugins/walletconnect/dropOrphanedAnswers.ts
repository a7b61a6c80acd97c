/**
 * The parts of the SDK's client this file relies on: the requests its history holds
 * unanswered, and its engine's per-request event emitter (not in the SDK's types).
 */
interface ClientWithHistory {
  engine: unknown
  core: { history: { pending: readonly { request: { id: number; method: string } }[] } }
}

interface EngineEvents {
  events: { once(event: string, listener: () => void): unknown }
}

/**
 * Gives every request a previous page sent, and did not see answered before it was
 * reloaded, a listener that drops the answer. The SDK keeps such requests in its history;
 * when their answer arrives, or the session ends while they wait, it looks for whoever
 * waits for them and, finding no one, logs an error in the host page's console. No code
 * in this page waits for them (the visitor sees the result in the wallet and in the
 * activity list), so dropping the answer loses nothing.
 *
 * @example
 * const client = await SignClient.init({ core })
 * dropOrphanedAnswers(client)
 */
export function dropOrphanedAnswers(client: ClientWithHistory): void {
  const { events } = client.engine as unknown as EngineEvents
  for (const { request } of client.core.history.pending) {
    if (request.method === 'wc_sessionRequest') events.once(`session_request:${request.id}`, () => {})
  }
}
