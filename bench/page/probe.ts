/**
 * Runs inside the benchmarked page, before any of its scripts (an init script, compiled
 * by bench/page/compileProbe.ts). It does the same thing to every app, so the rows differ
 * only in the app:
 * - announces one EIP-6963 wallet, "Bench Wallet", so every wallet list has an entry to
 *   wait for without an extension or a network;
 * - times in the page itself with requestAnimationFrame, so no round trip to the test
 *   driver lands inside a measurement;
 * - finds elements through open shadow roots (AppKit and Latchkit render in them).
 */
import type { ProbeConfig } from './probeConfig'

declare global {
  interface Window {
    __benchConfig: ProbeConfig
    __bench: BenchApi
  }
}

export interface ColdTimings {
  /** ms from navigation start, as performance.now() counts. */
  firstClickAt?: number
  /** The click after which the modal opened (apps ignore clicks until they are ready). */
  effectiveClickAt?: number
  clicks: number
  modalPaintedAt?: number
  walletListPaintedAt?: number
  error?: string
}

export interface OpenTimings {
  /** Click to the first painted frame showing the modal. */
  modalPaintMs: number
  /** Click to the first painted frame showing the wallet list. */
  walletListMs: number
}

export interface BenchApi {
  cold?: Promise<ColdTimings>
  openOnce(): Promise<OpenTimings>
  closeOnce(): Promise<number>
  cycles(count: number): Promise<number[]>
}

const config = window.__benchConfig

// A wallet that answers the read-only calls apps make while listing wallets.
const provider = {
  async request({ method }: { method: string }): Promise<unknown> {
    if (method === 'eth_chainId') return '0x1'
    if (method === 'net_version') return '1'
    if (method === 'eth_accounts') return []
    throw Object.assign(new Error(`Bench Wallet does not support ${method}`), { code: 4200 })
  },
  on() {},
  removeListener() {},
}
const icon = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" rx="8" fill="#3b6"/></svg>')}`
const info = { uuid: '0b6f1f4e-1c9a-4b4e-9f5d-7a3c2b1e0d9f', name: config.walletName, icon, rdns: 'dev.latchkit.bench' }
const announce = () =>
  window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
window.addEventListener('eip6963:requestProvider', announce)
announce()

function* rootsUnder(root: Document | ShadowRoot): Generator<Document | ShadowRoot> {
  yield root
  for (const element of root.querySelectorAll('*')) if (element.shadowRoot) yield* rootsUnder(element.shadowRoot)
}

function deepQuery(selector: string, scope: Document | ShadowRoot = document): Element | null {
  for (const root of rootsUnder(scope)) {
    const found = root.querySelector(selector)
    if (found) return found
  }
  return null
}

/** Each selector is looked up inside the shadow root of the element found before it. */
function queryPath(path: readonly string[]): HTMLElement | null {
  let scope: Document | ShadowRoot = document
  let element: Element | null = null
  for (const selector of path) {
    element = deepQuery(selector, scope)
    if (!element) return null
    scope = element.shadowRoot ?? scope
  }
  return element as HTMLElement | null
}

const isShown = (element: Element | null) => {
  if (!element) return false
  const rect = element.getBoundingClientRect()
  return rect.width > 0 && rect.height > 0
}

const dialogSelector = '[role="dialog"], [role="alertdialog"]'
const modalShown = () => isShown(deepQuery(dialogSelector))

function walletShown(): boolean {
  for (const root of rootsUnder(document)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if ((node as Text).data.trim() === config.walletName && isShown(node.parentElement)) return true
    }
  }
  return false
}

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve))

/** Resolves after the current frame has painted: a task queued from rAF runs after paint. */
const afterPaint = () =>
  new Promise<number>((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => resolve(performance.now())
    channel.port2.postMessage(undefined)
  })

/** Polls once a frame; resolves with the time after the first frame in which `ready()` held. */
async function paintedWhen(ready: () => boolean, timeoutMs: number, what: string): Promise<number> {
  const deadline = performance.now() + timeoutMs
  for (;;) {
    await nextFrame()
    if (ready()) return afterPaint()
    if (performance.now() > deadline) throw new Error(`${what} not shown within ${timeoutMs} ms`)
  }
}

function connectButton(): HTMLElement {
  const button = queryPath(config.connectButton)
  if (!button) throw new Error(`connect button (${config.connectButton.join(' >> ')}) not found`)
  return button
}

async function openOnce(): Promise<OpenTimings> {
  const button = connectButton()
  const start = performance.now()
  button.click()
  const modal = await paintedWhen(modalShown, 5000, 'modal')
  const list = await paintedWhen(walletShown, 5000, 'wallet list')
  return { modalPaintMs: modal - start, walletListMs: list - start }
}

/** Escape on the dialog: every app closes on it (window, document or dialog listeners). */
async function closeOnce(): Promise<number> {
  const start = performance.now()
  const dialog = deepQuery(dialogSelector)
  dialog?.dispatchEvent(
    new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', keyCode: 27, bubbles: true, composed: true, cancelable: true }),
  )
  const closed = await paintedWhen(() => !modalShown(), 5000, 'closed modal (still open)')
  return closed - start
}

async function cycles(count: number): Promise<number[]> {
  const opens: number[] = []
  for (let i = 0; i < count; i++) {
    opens.push((await openOnce()).modalPaintMs)
    await closeOnce()
  }
  return opens
}

/**
 * Cold: from navigation start, click the connect button as soon as it exists (again every
 * 250 ms while the app ignores it), until the wallet list is painted.
 */
async function cold(): Promise<ColdTimings> {
  const timings: ColdTimings = { clicks: 0 }
  let lastClick = Number.NEGATIVE_INFINITY
  const deadline = 20_000
  try {
    for (;;) {
      await nextFrame()
      if (timings.modalPaintedAt === undefined && modalShown()) {
        timings.effectiveClickAt = lastClick
        timings.modalPaintedAt = await afterPaint()
      }
      if (walletShown()) {
        timings.walletListPaintedAt = await afterPaint()
        timings.effectiveClickAt ??= lastClick
        return timings
      }
      if (timings.modalPaintedAt === undefined && performance.now() - lastClick > 250) {
        const button = queryPath(config.connectButton)
        if (button) {
          lastClick = performance.now()
          timings.firstClickAt ??= lastClick
          timings.clicks++
          button.click()
        }
      }
      if (performance.now() > deadline) throw new Error(`wallet list not shown ${deadline} ms after navigation`)
    }
  } catch (error) {
    timings.error = error instanceof Error ? error.message : String(error)
    return timings
  }
}

window.__bench = { openOnce, closeOnce, cycles }
if (config.mode === 'cold') window.__bench.cold = cold()
