// The host page of the frame client's browser tests: it drives createFrameClient and the
// overlay from window.frameHarness and keeps every log line, every result and every
// frame event where the test can read them.
import { createLogger } from 'latchkit/internal'
import {
  createFrameClient,
  type FrameClient,
  type FrameTimings,
} from '../../../../plugins/embedded-wallet/createFrameClient'
import type { FrameEvent, FrameRequestType } from '../../../../plugins/embedded-wallet/frameMessages'
import { createFrameOverlay } from '../../../../plugins/embedded-wallet/frameOverlay'

interface Config {
  frameUrl: string
  foreignUrl: string
}
type Outcome = 'pending' | { value: unknown } | { code: string; message: string; rpcCode?: number }

const config = (window as unknown as { widgetFrameTestConfig: Config }).widgetFrameTestConfig
const lines: string[] = []
const logger = createLogger({ level: 'debug', sink: (line) => lines.push(line) })
const results: Record<string, Outcome> = {}
const events: FrameEvent[] = []
const controllers: Record<string, AbortController> = {}
let client: FrameClient | undefined

const settle = (label: string, promise: Promise<unknown>) => {
  results[label] = 'pending'
  promise.then(
    (value) => {
      results[label] = { value: value ?? null }
    },
    (error: { code: string; shortMessage: string; rpcCode?: number }) => {
      results[label] = {
        code: error.code,
        message: error.shortMessage,
        ...(error.rpcCode === undefined ? {} : { rpcCode: error.rpcCode }),
      }
    },
  )
}

const harness = {
  lines,
  results,
  events,
  start(projectId: string, timings: Partial<FrameTimings> = {}) {
    client = createFrameClient({
      frameUrl: config.frameUrl,
      projectId,
      chainId: 'eip155:31337',
      sdkVersion: '4',
      enableLogger: true,
      logger,
      timings,
    })
    client.onEvent((event) => events.push(event))
    settle('ready', client.ready())
    return true
  },
  request(label: string, type: FrameRequestType, payload: unknown) {
    controllers[label] = new AbortController()
    settle(
      label,
      (client as FrameClient).request(type, payload as never, { signal: controllers[label].signal }),
    )
    return true
  },
  abort(label: string) {
    controllers[label]?.abort()
    return true
  },
  iframe() {
    const iframe = (client as FrameClient).iframe
    const box = iframe.getBoundingClientRect()
    return {
      src: iframe.src,
      title: iframe.title,
      ariaHidden: iframe.getAttribute('aria-hidden'),
      box: { left: box.left, top: box.top, width: box.width, height: box.height },
      sameNode: iframe.parentElement === document.body,
    }
  },
  /** The host page's own attempt to reach into the frame (to click Approve for the person). */
  reachIntoFrame() {
    try {
      ;(client as FrameClient).iframe.contentWindow?.document.querySelector('button')?.click()
      return 'reached'
    } catch (error) {
      return (error as Error).name
    }
  },
  /** A placeholder at a known place, and the overlay showing the frame over it on FRAME_SHOW. */
  overlay() {
    const placeholder = document.createElement('div')
    Object.assign(placeholder.style, { position: 'absolute', left: '40px', top: '60px', width: '300px' })
    document.body.appendChild(placeholder)
    const overlay = createFrameOverlay((client as FrameClient).iframe, () => 999)
    overlay.setPlaceholder(placeholder)
    ;(client as FrameClient).onEvent((event) => {
      if (event.type === 'FRAME_SHOW') overlay.show(event.payload.height)
      if (event.type === 'FRAME_HIDE') overlay.hide()
    })
    return true
  },
  /** Embeds the foreign page; resolves once it can forge. */
  embedForger() {
    return new Promise<boolean>((resolve) => {
      const forger = document.createElement('iframe')
      forger.id = 'forger'
      forger.src = config.foreignUrl
      forger.onload = () => resolve(true)
      document.body.appendChild(forger)
    })
  },
  destroy() {
    client?.destroy()
    return true
  },
}
;(window as unknown as { frameHarness: typeof harness }).frameHarness = harness
