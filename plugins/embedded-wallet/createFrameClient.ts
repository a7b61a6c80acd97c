import type { Logger } from 'latchkit'
import { parseWith } from 'latchkit/internal'
import * as z from 'zod/mini'
import {
  answerSchema,
  describeIssues,
  errorPayloadSchema,
  FRAME_PROTOCOL_VERSION,
  type FrameEvent,
  type FramePayload,
  type FrameRequestType,
  type FrameSuccess,
  frameEventSchema,
  frameRequests,
  LOGIN_REQUEST_TYPES,
  windowMessageSchema,
} from './frameMessages'
import { frameSource } from './frameSource'
import { createHiddenIframe } from './hiddenIframe'
import { frameAnswerError, frameError } from './messages'

/** How long the client waits; the defaults are the protocol's. */
export interface FrameTimings {
  /** From the frame's creation to its ready message. Default 20,000 ms. */
  loadTimeoutMs: number
  /** After ready, before the first request. Default 500 ms. */
  readyWaitMs: number
  /** For a login-type request's answer. Default 30,000 ms. */
  loginTimeoutMs: number
}

export const DEFAULT_FRAME_TIMINGS: FrameTimings = {
  loadTimeoutMs: 20_000,
  readyWaitMs: 500,
  loginTimeoutMs: 30_000,
}

export interface FrameClientOptions {
  /** The frame service's base URL; its origin is the only one the client talks to. */
  frameUrl: string
  projectId: string
  /** CAIP-2 id of the network the app shows, for the frame's query. */
  chainId: string
  sdkVersion: string
  /** The frame sends LOG events; dropped messages are logged either way. */
  enableLogger: boolean
  logger: Logger
  /** The page the frame is appended to. Default: the global `document`. */
  document?: Document
  timings?: Partial<FrameTimings>
}

export interface FrameRequestOptions {
  /** Aborting sends ABORT to the frame and rejects at once. */
  signal?: AbortSignal
}

export interface FrameClient {
  /** The frame element; it never moves in the DOM (moving would reload it). */
  readonly iframe: HTMLIFrameElement
  /** The frame's exact origin. */
  readonly origin: string
  /** Resolves once the handshake is done and the ready wait is over. */
  ready(): Promise<void>
  /** Sends one request and resolves with its checked `_SUCCESS` payload. */
  request<T extends FrameRequestType>(
    type: T,
    payload: FramePayload<T>,
    options?: FrameRequestOptions,
  ): Promise<FrameSuccess<T>>
  /** Frame events: FRAME_SHOW, FRAME_HIDE, SESSION_EXPIRED, LOG. Returns the remover. */
  onEvent(listener: (event: FrameEvent) => void): () => void
  /** Removes the frame and rejects every pending request. */
  destroy(): void
}

interface Pending {
  type: FrameRequestType
  resolve(value: unknown): void
  reject(error: unknown): void
  settle(): void
}

/** A message that claims to be part of the frame protocol, so dropping it is worth a log line. */
function claimsFrameProtocol(data: unknown): boolean {
  const type = (data as { type?: unknown } | null)?.type
  return typeof type === 'string' && (type.startsWith('@latchkit/frame/') || /^[A-Z_]+$/.test(type))
}

/**
 * The widget's side of the embedded wallet frame: appends the frame hidden, waits for its
 * ready message (from the frame's exact origin and window only), hands it one end of a
 * MessageChannel and from then on talks on that channel alone. Requests carry
 * `crypto.randomUUID()` ids; every message both ways is checked with a strict schema and
 * anything else is dropped and logged. Login-type requests time out; requests that wait
 * on the person (approvals, wallet set-up) do not, but can be aborted.
 *
 * @example
 * const client = createFrameClient({ frameUrl: 'https://wallet.example', projectId, chainId: 'eip155:1', sdkVersion: '4', enableLogger: false, logger })
 * const { isConnected } = await client.request('IS_CONNECTED', {})
 */
export function createFrameClient(options: FrameClientOptions): FrameClient {
  const timings = { ...DEFAULT_FRAME_TIMINGS, ...options.timings }
  const logger = options.logger
  const document = options.document ?? globalThis.document
  const window = document.defaultView
  if (!window) throw frameError('iframe_load_failed', 'the document has no window')
  const { src, origin } = frameSource({
    frameUrl: options.frameUrl,
    projectId: options.projectId,
    chainId: options.chainId,
    version: options.sdkVersion,
    enableLogger: options.enableLogger,
  })
  const iframe = createHiddenIframe(document, src)
  const pending = new Map<string, Pending>()
  const listeners = new Set<(event: FrameEvent) => void>()
  let port: MessagePort | undefined
  let destroyed = false

  let markReady: () => void = () => {}
  let failReady: (error: unknown) => void = () => {}
  const handshake = new Promise<void>((resolve, reject) => {
    markReady = resolve
    failReady = reject
  })
  const readyWait = handshake.then(
    () => new Promise<void>((resolve) => setTimeout(resolve, timings.readyWaitMs)),
  )
  // A client nobody asked anything of yet must not report an unhandled rejection.
  readyWait.catch(() => {})
  let handshakeDone = false
  const loadTimer = setTimeout(() => {
    if (handshakeDone) return
    handshakeDone = true
    failReady(
      frameError('iframe_load_failed', `no ready message from ${origin} within ${timings.loadTimeoutMs} ms`),
    )
  }, timings.loadTimeoutMs)

  const drop = (where: string, reason: string) => logger.warn(`dropped a frame message (${where}): ${reason}`)

  const onWindowMessage = (event: MessageEvent) => {
    const fromFrame = event.source !== null && event.source === iframe.contentWindow
    if (event.origin !== origin || !fromFrame) {
      // Other scripts of the page use window messages too: only what claims our protocol is news.
      if (claimsFrameProtocol(event.data) || event.origin === origin || fromFrame) {
        drop('window', `origin ${event.origin || '(none)'}${fromFrame ? '' : ' from another window'}`)
      }
      return
    }
    const parsed = z.safeParse(windowMessageSchema, event.data)
    if (!parsed.success) {
      drop('window', `not a frame message: ${describeIssues(parsed.error)}`)
      return
    }
    if (handshakeDone) {
      drop('window', `${parsed.data.type} after the handshake`)
      return
    }
    handshakeDone = true
    clearTimeout(loadTimer)
    if (parsed.data.type === '@latchkit/frame/refused') {
      failReady(
        frameError(
          'EMBEDDED_WALLET_ORIGIN_REFUSED',
          `the frame refused this page's origin (${window.location.origin})`,
        ),
      )
      return
    }
    const channel = new MessageChannel()
    port = channel.port1
    port.onmessage = (message) => onPortMessage(message.data)
    iframe.contentWindow?.postMessage(
      { type: '@latchkit/frame/connect', version: FRAME_PROTOCOL_VERSION },
      origin,
      [channel.port2],
    )
    markReady()
  }

  const onPortMessage = (data: unknown) => {
    const event = z.safeParse(frameEventSchema, data)
    if (event.success) {
      if (event.data.type === 'LOG') {
        logger[event.data.payload.level](`frame: ${event.data.payload.message}`)
        return
      }
      for (const listener of [...listeners]) {
        try {
          listener(event.data)
        } catch (error) {
          logger.error(`a ${event.data.type} listener threw`, error)
        }
      }
      return
    }
    const answer = z.safeParse(answerSchema, data)
    if (!answer.success) {
      drop('channel', `not an answer nor an event: ${describeIssues(answer.error)}`)
      return
    }
    const { id, type, payload } = answer.data
    const request = pending.get(id)
    if (!request) {
      drop('channel', `${type} answers no pending request`)
      return
    }
    if (type === `${request.type}_SUCCESS`) {
      request.settle()
      const success = z.safeParse(frameRequests[request.type].success, payload)
      if (success.success) request.resolve(success.data)
      else {
        drop('channel', `${type} payload: ${describeIssues(success.error)}`)
        request.reject(
          frameError('EMBEDDED_WALLET_BAD_ANSWER', `${type} payload: ${describeIssues(success.error)}`),
        )
      }
    } else if (type === `${request.type}_ERROR`) {
      request.settle()
      const error = z.safeParse(errorPayloadSchema, payload)
      request.reject(frameAnswerError(request.type, error.success ? error.data : {}))
    } else {
      drop('channel', `${type} does not answer ${request.type}`)
    }
  }

  window.addEventListener('message', onWindowMessage)

  const abortedError = (type: FrameRequestType) =>
    frameError(
      type === 'RPC_REQUEST' ? 'EMBEDDED_WALLET_RPC_ABORTED' : 'EMBEDDED_WALLET_ABORTED',
      `${type} was aborted`,
    )

  return {
    iframe,
    origin,
    ready: () => readyWait,

    async request<T extends FrameRequestType>(
      type: T,
      payload: FramePayload<T>,
      { signal }: FrameRequestOptions = {},
    ): Promise<FrameSuccess<T>> {
      const body = parseWith(frameRequests[type].payload, payload, `the ${type} payload`)
      await readyWait
      if (destroyed) throw frameError('EMBEDDED_WALLET_CLOSED', `${type} after the client was destroyed`)
      if (signal?.aborted) throw abortedError(type)
      const id = crypto.randomUUID()
      return new Promise<FrameSuccess<T>>((resolve, reject) => {
        let timer: ReturnType<typeof setTimeout> | undefined
        const onAbort = () => {
          settle()
          port?.postMessage({ id: crypto.randomUUID(), type: 'ABORT', payload: { requestId: id } })
          reject(abortedError(type))
        }
        const settle = () => {
          pending.delete(id)
          clearTimeout(timer)
          signal?.removeEventListener('abort', onAbort)
        }
        // The answer is parsed with the success schema of `type` before it resolves.
        pending.set(id, { type, resolve: (value) => resolve(value as FrameSuccess<T>), reject, settle })
        if (LOGIN_REQUEST_TYPES.has(type)) {
          timer = setTimeout(() => {
            settle()
            port?.postMessage({ id: crypto.randomUUID(), type: 'ABORT', payload: { requestId: id } })
            reject(
              frameError(
                'iframe_request_timeout',
                `no answer to ${type} within ${timings.loginTimeoutMs} ms`,
              ),
            )
          }, timings.loginTimeoutMs)
        }
        signal?.addEventListener('abort', onAbort, { once: true })
        port?.postMessage({ id, type, payload: body })
      })
    },

    onEvent(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },

    destroy() {
      if (destroyed) return
      destroyed = true
      clearTimeout(loadTimer)
      if (!handshakeDone) {
        handshakeDone = true
        failReady(frameError('EMBEDDED_WALLET_CLOSED', 'destroyed before the frame was ready'))
      }
      window.removeEventListener('message', onWindowMessage)
      for (const request of [...pending.values()]) {
        request.settle()
        request.reject(frameError('EMBEDDED_WALLET_CLOSED', `${request.type} was pending`))
      }
      port?.close()
      listeners.clear()
      iframe.remove()
    },
  }
}
