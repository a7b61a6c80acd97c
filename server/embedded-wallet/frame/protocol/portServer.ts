/**
 * Serves the widget's requests on the MessageChannel port: parses each message strictly,
 * runs its handler with an AbortSignal, and answers `<TYPE>_SUCCESS` or `<TYPE>_ERROR`
 * with the request's id, once. ABORT stops a request under way.
 */
import * as z from 'zod/mini'
import { FrameRequestError } from './frameRequestError.js'
import {
  abortPayloadSchema,
  describeIssues,
  envelopeSchema,
  type FrameEvent,
  type FrameRequestType,
  isRequestType,
  type RequestPayload,
  requestPayloads,
} from './messages.js'

export type RequestHandlers = {
  [T in FrameRequestType]: (payload: RequestPayload<T>, signal: AbortSignal) => Promise<unknown>
}

export interface PortServer {
  /** Posts an event (FRAME_SHOW, FRAME_HIDE, SESSION_EXPIRED, LOG) to the widget. */
  emit(event: FrameEvent): void
}

/** Requests whose abort answers 'Request was aborted'; every other one 'Something went wrong'. */
const ABORT_MESSAGES = { RPC_REQUEST: 'Request was aborted', other: 'Something went wrong' } as const

/**
 * @example
 * const server = servePort(port, handlers, (message) => console.warn(message))
 * server.emit({ type: 'FRAME_HIDE' })
 */
export function servePort(
  port: MessagePort,
  handlers: RequestHandlers,
  log: (message: string) => void,
): PortServer {
  const running = new Map<string, AbortController>()
  const seen = new Set<string>()

  const answer = (id: string, type: string, outcome: 'SUCCESS' | 'ERROR', payload: unknown) => {
    port.postMessage({ id, type: `${type}_${outcome}`, payload })
  }

  const run = async (id: string, type: FrameRequestType, payload: unknown) => {
    const controller = new AbortController()
    running.set(id, controller)
    const aborted = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () =>
        reject(
          new FrameRequestError(type === 'RPC_REQUEST' ? ABORT_MESSAGES.RPC_REQUEST : ABORT_MESSAGES.other),
        ),
      )
    })
    aborted.catch(() => {})
    try {
      const handler = handlers[type] as (payload: unknown, signal: AbortSignal) => Promise<unknown>
      const result = await Promise.race([handler(payload, controller.signal), aborted])
      answer(id, type, 'SUCCESS', result ?? {})
    } catch (error) {
      answer(id, type, 'ERROR', errorPayload(error, log, type))
    } finally {
      running.delete(id)
    }
  }

  port.onmessage = (event: MessageEvent) => {
    const envelope = z.safeParse(envelopeSchema, event.data)
    if (!envelope.success) {
      log(`dropped a port message: ${describeIssues(envelope.error)}`)
      return
    }
    const { id, type, payload } = envelope.data
    if (seen.has(id)) {
      log(`dropped a repeated request id (${type})`)
      return
    }
    seen.add(id)
    if (type === 'ABORT') {
      const parsed = z.safeParse(abortPayloadSchema, payload)
      if (!parsed.success) log(`dropped an ABORT: ${describeIssues(parsed.error)}`)
      else running.get(parsed.data.requestId)?.abort()
      return
    }
    if (!isRequestType(type)) {
      log(`dropped a request of unknown type ${type}`)
      return
    }
    const parsed = z.safeParse(requestPayloads[type], payload ?? {})
    if (!parsed.success) {
      log(`refused ${type}: ${describeIssues(parsed.error)}`)
      answer(id, type, 'ERROR', { message: 'Invalid request', code: 'invalid_request' })
      return
    }
    void run(id, type, parsed.data)
  }
  port.start()

  return { emit: (frameEvent) => port.postMessage(frameEvent) }
}

function errorPayload(error: unknown, log: (message: string) => void, type: string) {
  if (error instanceof FrameRequestError) {
    return error.code === undefined
      ? { message: error.message }
      : { message: error.message, code: error.code }
  }
  log(`${type} failed: ${error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error'}`)
  const message =
    error instanceof Error && error.message ? error.message.slice(0, 300) : 'Something went wrong'
  return { message }
}
