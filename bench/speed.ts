/**
 * The speed bench: each built app served from 127.0.0.1 and driven in Debian's Chromium
 * with every non-local request blocked. Timings are reported, never asserted: they depend
 * on the machine, which the report names.
 */
import { readdirSync, writeFileSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { modulepreloadLinks, type PreloadFiles } from '../scripts/modulepreload.mjs'
import { blockExternalRequests, isLocalUrl, launchBrowser } from '../test/support/browser'
import { probeScript } from './page/compileProbe'
import type { ColdTimings, OpenTimings } from './page/probe'
import type { ProbeConfig } from './page/probeConfig'
import type { Row, RowId } from './rows'
import { type StaticSite, serveDirectory } from './staticServer'
import { median, round1 } from './stats'

export const WALLET_NAME = 'Bench Wallet'

export interface SpeedOptions {
  /** Page loads per timing (median taken). At least 5. */
  runs: number
  /** Open/close cycles before the second heap reading (the first is after 10). */
  cycles: number
}

export interface RequestLog {
  /** Requests of one page load (the most of any load when merged). */
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
  /** Plugins the full app built in but could not start without options (see latchkit-full.tsx). */
  pluginsLeftOut?: string[]
  /** Uncaught page errors and console errors seen in any run, deduplicated. */
  pageErrors: string[]
  errors: string[]
}

export interface NotMeasurable {
  what: string
  reason: string
}

const message = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? ''

/**
 * An index.html for a build: the entry as a module script, any CSS the build emitted, and
 * `<link rel="modulepreload">` for what scripts/modulepreload.mjs lists (the start-up
 * chunks, Latchkit's modal module and the plugins' parts of the Connect view), as an
 * integrator's page would name them. Without
 * them the browser finds the start-up chunks only once the entry is parsed.
 */
export function writeIndexHtml(outdir: string, preload: PreloadFiles = { startup: [], lazy: [] }): void {
  const styles = readdirSync(outdir)
    .filter((file) => file.endsWith('.css'))
    .map((file) => `<link rel="stylesheet" href="/${file}">`)
    .join('')
  writeFileSync(
    `${outdir}/index.html`,
    `<!doctype html><html><head><meta charset="utf-8"><title>bench</title>${styles}${modulepreloadLinks(preload)}</head><body><div id="root"></div><script type="module" src="/entry.js"></script></body></html>`,
  )
}

export async function newPage(browser: Browser, config: ProbeConfig, errors: Set<string>) {
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
async function settle(page: Page, requests: { at: number }[], quietMs = 2000, maxMs = 15_000): Promise<void> {
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

/**
 * Start-up requests over several page loads: per host the most any load sent, and every
 * outside URL any load tried, so one slow load cannot hide a request.
 */
function mergeRequestLogs(a: RequestLog | undefined, b: RequestLog): RequestLog {
  if (!a) return b
  const byHost = { ...a.byHost }
  for (const [host, count] of Object.entries(b.byHost)) byHost[host] = Math.max(byHost[host] ?? 0, count)
  return {
    total: Math.max(a.total, b.total),
    byHost,
    external: [...new Set([...a.external, ...b.external])].sort(),
  }
}

async function coldRun(browser: Browser, url: string, row: Row, errors: Set<string>): Promise<ColdTimings> {
  const { context, page } = await newPage(
    browser,
    { connectButton: row.connectButton, walletName: WALLET_NAME, mode: 'cold' },
    errors,
  )
  try {
    await page.goto(url, { waitUntil: 'commit' })
    return (await page.evaluate('window.__bench.cold')) as ColdTimings
  } finally {
    await context.close()
  }
}

/** A page at rest after start-up: returns the start-up requests and the page to drive. */
async function restingPage(browser: Browser, url: string, row: Row, errors: Set<string>) {
  const { context, page } = await newPage(
    browser,
    { connectButton: row.connectButton, walletName: WALLET_NAME, mode: 'idle' },
    errors,
  )
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

/** One app under test: its row, its server and what has been measured so far. */
interface Target {
  row: Row
  url: string
  result: SpeedRow
  pageErrors: Set<string>
  coldRuns: ColdTimings[]
  warmRuns: OpenTimings[]
}

async function warmRun(browser: Browser, target: Target): Promise<void> {
  const { context, page, startup } = await restingPage(browser, target.url, target.row, target.pageErrors)
  try {
    target.result.startupRequests = mergeRequestLogs(target.result.startupRequests, startup)
    const leftOut = (await page.evaluate('window.__benchSkippedPlugins')) as string[] | undefined
    if (leftOut?.length) target.result.pluginsLeftOut = leftOut.map((line) => line.replace(/\s+/g, ' '))
    target.warmRuns.push((await page.evaluate('window.__bench.openOnce()')) as OpenTimings)
  } catch (error) {
    target.result.errors.push(`warm: ${message(error)}`)
  } finally {
    await context.close()
  }
}

async function memoryRun(browser: Browser, target: Target, cycles: number): Promise<void> {
  const { context, page } = await restingPage(browser, target.url, target.row, target.pageErrors)
  try {
    const first = (await page.evaluate('window.__bench.cycles(10)')) as number[]
    const heapAfter10 = await heapUsed(context, page)
    const rest = (await page.evaluate(`window.__bench.cycles(${cycles - 10})`)) as number[]
    const heapAfterAll = await heapUsed(context, page)
    target.result.reopenMs = median([...first.slice(1), ...rest])
    target.result.memory = {
      cycles,
      heapAfter10,
      heapAfterAll,
      growthPerCycle: round1((heapAfterAll - heapAfter10) / (cycles - 10)),
    }
  } catch (error) {
    target.result.errors.push(`memory: ${message(error)}`)
  } finally {
    await context.close()
  }
}

function summarizeRuns(target: Target): void {
  const ok = target.coldRuns.filter((run) => run.walletListPaintedAt !== undefined)
  for (const run of target.coldRuns) if (run.error) target.result.errors.push(`cold: ${run.error}`)
  target.result.cold = {
    walletListMs: median(ok.map((run) => run.walletListPaintedAt as number)),
    firstClickMs: median(ok.map((run) => run.firstClickAt as number)),
    effectiveClickMs: median(ok.map((run) => run.effectiveClickAt as number)),
    clickToListMs: median(
      ok.map((run) => (run.walletListPaintedAt as number) - (run.effectiveClickAt as number)),
    ),
    runs: target.coldRuns,
  }
  target.result.warm = {
    modalPaintMs: median(target.warmRuns.map((run) => run.modalPaintMs)),
    walletListMs: median(target.warmRuns.map((run) => run.walletListMs)),
    runs: target.warmRuns,
  }
  target.result.pageErrors = [...target.pageErrors].slice(0, 20)
}

/** One built app to measure. */
export interface SpeedApp {
  row: Row
  outdir: string
  preload?: PreloadFiles
  /** The query string its page is opened with, once its URL is known (e.g. the local services it is configured against). */
  pageQuery?: (pageUrl: string) => Promise<string>
}

/**
 * Measures the built apps. Page loads go round-robin over the apps (run 1 of each, then
 * run 2 of each...), so a change in what else the machine is doing hits every row alike
 * instead of whichever ran at that moment. Every failure is recorded in its row and the
 * bench goes on.
 */
export async function measureSpeed(
  browser: Browser,
  apps: readonly SpeedApp[],
  options: SpeedOptions,
  log: (line: string) => void = () => {},
): Promise<SpeedRow[]> {
  const sites: StaticSite[] = []
  const targets: Target[] = []
  try {
    for (const { row, outdir, preload, pageQuery } of apps) {
      writeIndexHtml(outdir, preload)
      const site = await serveDirectory(outdir)
      sites.push(site)
      targets.push({
        row,
        url: `${site.url}${pageQuery ? await pageQuery(site.url) : ''}`,
        result: { id: row.id, label: row.label, pageErrors: [], errors: [] },
        pageErrors: new Set(),
        coldRuns: [],
        warmRuns: [],
      })
    }
    for (let i = 0; i < options.runs; i++) {
      for (const target of targets)
        target.coldRuns.push(await coldRun(browser, target.url, target.row, target.pageErrors))
    }
    log('cold runs done')
    for (let i = 0; i < options.runs; i++) {
      for (const target of targets) await warmRun(browser, target)
    }
    log('warm runs done')
    for (const target of targets) {
      await memoryRun(browser, target, options.cycles)
      log(`memory measured: ${target.row.id}`)
    }
  } finally {
    for (const site of sites) await site.close()
  }
  for (const target of targets) summarizeRuns(target)
  return targets.map((target) => target.result)
}

export async function withBrowser<T>(use: (browser: Browser, version: string) => Promise<T>): Promise<T> {
  const browser = await launchBrowser()
  try {
    return await use(browser, browser.version())
  } finally {
    await browser.close()
  }
}
