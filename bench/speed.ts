/**
 * The speed bench: each built app served from 127.0.0.1 and driven in Debian's Chromium
 * with every non-local request blocked. Timings are reported, never asserted: they depend
 * on the machine, which the report names.
 */
import { readdirSync, writeFileSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { blockExternalRequests, isLocalUrl, launchBrowser } from '../test/support/browser'
import { probeScript } from './page/compileProbe'
import type { ColdTimings, OpenTimings } from './page/probe'
import type { ProbeConfig } from './page/probeConfig'
import type { Row, RowId } from './rows'
import { median, round1 } from './stats'
import { serveDirectory } from './staticServer'

export const WALLET_NAME = 'Bench Wallet'

export interface SpeedOptions {
  /** Page loads per timing (median taken). At least 5. */
  runs: number
  /** Open/close cycles before the second heap reading (the first is after 10). */
  cycles: number
}

export interface RequestLog {
  total: number
  /** host -> requests, local ones included. */
  byHost: Record<string, number>
  /** URLs that tried to leave the machine (blocked), deduplicated. */
  external: string[]
}

export interface SpeedRow {
  id: RowId
  label: string
  /** Navigation start to the wallet list painted, clicking the connect button as soon as it exists. */
  cold?: {
    walletListMs?: number
    firstClickMs?: number
    effectiveClickMs?: number
    /** The click the app acted on to the wallet list painted: what a visitor waits for. */
    clickToListMs?: number
    runs: ColdTimings[]
  }
  /** On a page at rest after start-up: click to the modal's first painted frame, and to the wallet list. */
  warm?: { modalPaintMs?: number; walletListMs?: number; runs: OpenTimings[] }
  /** Median click-to-paint over the repeated opens of the memory test. */
  reopenMs?: number
  startupRequests?: RequestLog
  memory?: { cycles: number; heapAfter10: number; heapAfterAll: number; growthPerCycle: number }
  /** Uncaught page errors and console errors seen in any run, deduplicated. */
  pageErrors: string[]
  errors: string[]
}

export interface NotMeasurable {
  what: string
  reason: string
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? ''

/** An index.html for a build: the entry as a module script and any CSS the build emitted. */
function writeIndexHtml(outdir: string): void {
  const styles = readdirSync(outdir)
    .filter((file) => file.endsWith('.css'))
    .map((file) => `<link rel="stylesheet" href="/${file}">`)
    .join('')
  writeFileSync(
    `${outdir}/index.html`,
    `<!doctype html><html><head><meta charset="utf-8"><title>bench</title>${styles}</head><body><div id="root"></div><script type="module" src="/entry.js"></script></body></html>`,
  )
}

async function newPage(browser: Browser, config: ProbeConfig, errors: Set<string>) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  await blockExternalRequests(context)
  await context.addInitScript({ content: await probeScript(config) })
  const page = await context.newPage()
  page.on('pageerror', (error) => errors.add(`pageerror: ${message(error)}`))
  page.on('console', (entry) => {
    // Requests we block ourselves log ERR_BLOCKED_BY_CLIENT; the request log covers those.
    if (entry.type() === 'error' && !entry.text().includes('ERR_BLOCKED_BY_CLIENT')) {
      errors.add(`console: ${entry.text().slice(0, 200)}`)
    }
  })
  return { context, page }
}

/** Waits until no request has started for `quietMs` (at most `maxMs`): the page is at rest. */
async function settle(page: Page, requests: { at: number }[], quietMs = 1000, maxMs = 10_000): Promise<void> {
  const start = Date.now()
  await page.waitForLoadState('load')
  for (;;) {
    const last = requests.at(-1)?.at ?? start
    if (Date.now() - last >= quietMs || Date.now() - start > maxMs) return
    await page.waitForTimeout(100)
  }
}

function logRequests(context: BrowserContext) {
  const requests: { at: number; url: string }[] = []
  context.on('request', (request) => requests.push({ at: Date.now(), url: request.url() }))
  return requests
}

function summarize(urls: readonly string[]): RequestLog {
  const byHost: Record<string, number> = {}
  const external = new Set<string>()
  for (const raw of urls) {
    let url: URL
    try {
      url = new URL(raw)
    } catch {
      continue
    }
    if (url.protocol === 'data:' || url.protocol === 'blob:') continue
    byHost[url.host] = (byHost[url.host] ?? 0) + 1
    if (!isLocalUrl(url)) external.add(`${url.origin}${url.pathname}`)
  }
  return { total: Object.values(byHost).reduce((a, b) => a + b, 0), byHost, external: [...external].sort() }
}

async function coldRun(browser: Browser, url: string, row: Row, errors: Set<string>): Promise<ColdTimings> {
  const { context, page } = await newPage(browser, { connectButton: row.connectButton, walletName: WALLET_NAME, mode: 'cold' }, errors)
  try {
    await page.goto(url, { waitUntil: 'commit' })
    return (await page.evaluate('window.__bench.cold')) as ColdTimings
  } finally {
    await context.close()
  }
}

/** A page at rest after start-up: returns the start-up requests and the page to drive. */
async function restingPage(browser: Browser, url: string, row: Row, errors: Set<string>) {
  const { context, page } = await newPage(browser, { connectButton: row.connectButton, walletName: WALLET_NAME, mode: 'idle' }, errors)
  const requests = logRequests(context)
  const sockets: string[] = []
  page.on('websocket', (socket) => sockets.push(socket.url()))
  await page.goto(url, { waitUntil: 'load' })
  await settle(page, requests)
  const startup = summarize([...requests.map((request) => request.url), ...sockets])
  return { context, page, startup }
}

async function heapUsed(context: BrowserContext, page: Page): Promise<number> {
  const cdp = await context.newCDPSession(page)
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = await cdp.send('Runtime.getHeapUsage')
  await cdp.detach()
  return usedSize
}

/** Measures one built app; every failure is recorded in the row and the next measure goes on. */
export async function measureRowSpeed(browser: Browser, row: Row, outdir: string, options: SpeedOptions): Promise<SpeedRow> {
  writeIndexHtml(outdir)
  const site = await serveDirectory(outdir)
  const pageErrors = new Set<string>()
  const result: SpeedRow = { id: row.id, label: row.label, pageErrors: [], errors: [] }
  try {
    const coldRuns: ColdTimings[] = []
    for (let i = 0; i < options.runs; i++) coldRuns.push(await coldRun(browser, site.url, row, pageErrors))
    const ok = coldRuns.filter((run) => run.walletListPaintedAt !== undefined)
    for (const run of coldRuns) if (run.error) result.errors.push(`cold: ${run.error}`)
    result.cold = {
      walletListMs: median(ok.map((run) => run.walletListPaintedAt as number)),
      firstClickMs: median(ok.map((run) => run.firstClickAt as number)),
      effectiveClickMs: median(ok.map((run) => run.effectiveClickAt as number)),
      clickToListMs: median(ok.map((run) => (run.walletListPaintedAt as number) - (run.effectiveClickAt as number))),
      runs: coldRuns,
    }

    const warmRuns: OpenTimings[] = []
    for (let i = 0; i < options.runs; i++) {
      const { context, page, startup } = await restingPage(browser, site.url, row, pageErrors)
      try {
        result.startupRequests ??= startup
        warmRuns.push((await page.evaluate('window.__bench.openOnce()')) as OpenTimings)
      } catch (error) {
        result.errors.push(`warm: ${message(error)}`)
      } finally {
        await context.close()
      }
    }
    result.warm = {
      modalPaintMs: median(warmRuns.map((run) => run.modalPaintMs)),
      walletListMs: median(warmRuns.map((run) => run.walletListMs)),
      runs: warmRuns,
    }

    const { context, page } = await restingPage(browser, site.url, row, pageErrors)
    try {
      const first = (await page.evaluate('window.__bench.cycles(10)')) as number[]
      const heapAfter10 = await heapUsed(context, page)
      const rest = (await page.evaluate(`window.__bench.cycles(${options.cycles - 10})`)) as number[]
      const heapAfterAll = await heapUsed(context, page)
      result.reopenMs = median([...first.slice(1), ...rest])
      result.memory = {
        cycles: options.cycles,
        heapAfter10,
        heapAfterAll,
        growthPerCycle: round1((heapAfterAll - heapAfter10) / (options.cycles - 10)),
      }
    } catch (error) {
      result.errors.push(`memory: ${message(error)}`)
    } finally {
      await context.close()
    }
  } catch (error) {
    result.errors.push(message(error))
  } finally {
    await site.close()
    result.pageErrors = [...pageErrors].slice(0, 20)
  }
  return result
}

export async function withBrowser<T>(use: (browser: Browser, version: string) => Promise<T>): Promise<T> {
  const browser = await launchBrowser()
  try {
    return await use(browser, browser.version())
  } finally {
    await browser.close()
  }
}
