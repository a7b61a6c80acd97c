/**
 * The frame's half of the handshake: tell the parent page the frame is ready (or that its
 * origin is not allowed), then take the MessagePort of its `connect`. Only the exact parent
 * origin is ever posted to, and only a `connect` from `window.parent` with that origin and
 * exactly one port is taken; everything else on window messages is dropped and logged.
 */
import * as z from 'zod/mini'
import { connectMessageSchema, describeIssues, FRAME_PROTOCOL_VERSION } from './messages.js'

export interface HandshakeOptions {
  /** The frame's window. */
  window: Window
  /** `location.ancestorOrigins[0]`: the embedding page's origin, as the browser reports it. */
  parentOrigin: string
  /** Whether the project allows `parentOrigin` (from `/projects/v1/origins`). */
  originAllowed: boolean
  log: (message: string) => void
}

/**
 * Posts ready and resolves with the widget's port; posts refused and resolves undefined
 * when the origin is not allowed.
 *
 * @example
 * const port = await handshake({ window, parentOrigin, originAllowed: true, log: console.warn })
 */
export function handshake(options: HandshakeOptions): Promise<MessagePort | undefined> {
  const { window: frame, parentOrigin, log } = options
  if (!options.originAllowed) {
    frame.parent.postMessage({ type: '@latchkit/frame/refused', reason: 'origin-not-allowed' }, parentOrigin)
    return Promise.resolve(undefined)
  }
  return new Promise((resolve) => {
    let connected = false
    frame.addEventListener('message', (event: MessageEvent) => {
      if (connected) {
        log('dropped a window message after the handshake')
        return
      }
      if (event.source !== frame.parent || event.origin !== parentOrigin) {
        log('dropped a window message from another window or origin')
        return
      }
      const parsed = z.safeParse(connectMessageSchema, event.data)
      if (!parsed.success) {
        log(`dropped a window message that is not connect: ${describeIssues(parsed.error)}`)
        return
      }
      const [port, ...more] = event.ports
      if (!port || more.length > 0) {
        log('dropped a connect that did not carry exactly one port')
        return
      }
      connected = true
      resolve(port)
    })
    frame.parent.postMessage({ type: '@latchkit/frame/ready', version: FRAME_PROTOCOL_VERSION }, parentOrigin)
  })
}

/**
 * The embedding page's origin: `location.ancestorOrigins[0]` where the browser has it
 * (Chromium, Safari: the page cannot forge it), else the referrer's origin; undefined when
 * the frame is not embedded.
 *
 * @example const parentOrigin = readParentOrigin(window)
 */
export function readParentOrigin(frame: Window): string | undefined {
  if (frame.parent === frame) return undefined
  const ancestor = frame.location.ancestorOrigins?.[0]
  if (ancestor && ancestor !== 'null') return ancestor
  const referrer = frame.document.referrer
  return referrer && URL.canParse(referrer) ? new URL(referrer).origin : undefined
}
