/**
 * The activity list with 10,000 transactions (the design's budget: "10,000 activity items
 * group and first render within 100 ms and scroll without long frames"), in Debian's
 * Chromium: bench/apps/latchkit-activity.tsx built as every row of the bench is, served
 * from 127.0.0.1, every other request blocked. Each page load connects an offline wallet,
 * opens the modal on Activity, lands the transactions in the history slice as a fetched
 * page does, times the list to its first painted frame, then scrolls it top to bottom.
 *
 * Part of `npm run bench`; alone: `npx tsx bench/activity.ts [--runs N] [--step PX] [--json]`.
 */
import { rmSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import { bundleApp } from './bundle'
import { type FrameSummary, summarizeFrames } from './frames'
import type { ActivityLandTimings, ActivityScrollTimings } from './page/activityProbe'
import { appsDir } from './paths'
import { latchkitSource } from './sourceAlias'
import { newPage, WALLET_NAME, withBrowser, writeIndexHtml } from './speed'
import { serveDirectory } from './staticServer'
import { median, round1 } from './stats'

/**
 * Pixels per frame of the scroll: one screen of the Activity view (480 px) a frame, so
 * every frame mounts a fresh screen of rows, the most a steady scroll asks of the list.
 * 60 px a frame (a wheel scroll) would take 11,000 frames, three minutes a load, for
 * 10,000 rows; `--step 60` measures it when wanted.
 */
export const DEFAULT_SCROLL_STEP_PX = 480

/** Frames recorded on the page at rest before the transactions land: its floor. */
const IDLE_FRAMES = 60

export interface ActivityOptions {
  /** Page loads, each landing the transactions once and scrolling once. */
  loads: number
  scrollStepPx: number
}

export interface ActivityRun {
  /** The page at rest (the modal open on an empty list), for comparison with the scroll. */
  idle?: FrameSummary
  land?: ActivityLandTimings
  scroll?: FrameSummary & Omit<ActivityScrollTimings, 'frameIntervals'>
  error?: string
}

export interface ActivityBench {
  options: ActivityOptions
  runs: ActivityRun[]
  /** Medians over the runs that got that far. */
  median: {
    paintMs?: number
    commitMs?: number
    storeMs?: number
    visibleMs?: number
    groupMs?: number
    idleLongFrames?: number
    longFrames?: number
    longestMs?: number
    frames?: number
    scrollMs?: number
  }
  /** Uncaught page errors and console errors seen in any run, deduplicated. */
  pageErrors: string[]
  /** Why nothing was measured (the build failed). */
  error?: string
}

/** Why the peers have no row: said in the report rather than measuring something else. */
export const PEERS_WITHOUT_ACTIVITY_LIST = {
  appkit:
    "Reown AppKit: its Activity view reads the account's history from Reown's API (a project id and a network: blocked offline), nothing to land 10,000 transactions in",
  rainbowkit:
    'RainbowKit: no activity list; the account modal shows only the transactions the app itself adds in this session (useAddRecentTransaction)',
} as const

const message = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? ''

async function loadOnce(
  browser: Browser,
  url: string,
  stepPx: number,
  pageErrors: Set<string>,
): Promise<ActivityRun> {
  // The same context as every speed row: outside requests blocked, errors collected. Its
  // probe's announced wallet goes unused: this page connects its own offline one.
  const { context, page } = await newPage(
    browser,
    { connectButton: ['[data-latchkit="connect-button"]'], walletName: WALLET_NAME, mode: 'idle' },
    pageErrors,
  )
  const run: ActivityRun = {}
  try {
    await page.goto(url, { waitUntil: 'load' })
    const bench = 'window.__activityBench' as const
    await page.evaluate(`${bench}.ready`)
    run.idle = summarizeFrames((await page.evaluate(`${bench}.idle(${IDLE_FRAMES})`)) as number[])
    run.land = (await page.evaluate(`${bench}.land()`)) as ActivityLandTimings
    const { frameIntervals, ...scroll } = (await page.evaluate(
      `${bench}.scroll(${stepPx})`,
    )) as ActivityScrollTimings
    run.scroll = { ...scroll, ...summarizeFrames(frameIntervals) }
  } catch (error) {
    run.error = message(error)
  } finally {
    await context.close()
  }
  return run
}

const med = (values: (number | undefined)[]) => {
  const value = median(values.filter((known): known is number => known !== undefined))
  return value === undefined ? undefined : round1(value)
}

/**
 * Builds the activity page and measures it `loads` times, each in a fresh browser context.
 * Never throws: a failed build is in `error`, a failed load in its run.
 *
 * @example
 * const activity = await withBrowser((browser) => measureActivity(browser, { loads: 5, scrollStepPx: 60 }))
 * activity.median.paintMs // state change -> 10,000-item list painted
 */
export async function measureActivity(
  browser: Browser,
  options: ActivityOptions,
  log: (line: string) => void = () => {},
): Promise<ActivityBench> {
  const runs: ActivityRun[] = []
  const pageErrors = new Set<string>()
  let outdir: string | undefined
  try {
    const bundle = await bundleApp(`${appsDir}/latchkit-activity.tsx`, [latchkitSource()])
    outdir = bundle.outdir
    writeIndexHtml(outdir)
    const site = await serveDirectory(outdir)
    try {
      for (let i = 0; i < options.loads; i++) {
        runs.push(await loadOnce(browser, site.url, options.scrollStepPx, pageErrors))
        log(`activity run ${i + 1}/${options.loads}`)
      }
    } finally {
      await site.close()
    }
  } catch (error) {
    return { options, runs, median: {}, pageErrors: [...pageErrors], error: message(error) }
  } finally {
    if (outdir) rmSync(outdir, { recursive: true, force: true })
  }
  const landed = runs.flatMap((run) => (run.land ? [run.land] : []))
  const scrolled = runs.flatMap((run) => (run.scroll ? [run.scroll] : []))
  return {
    options,
    runs,
    median: {
      paintMs: med(landed.map((land) => land.paintMs)),
      commitMs: med(landed.map((land) => land.commitMs)),
      storeMs: med(landed.map((land) => land.storeMs)),
      visibleMs: med(landed.map((land) => land.visibleMs)),
      groupMs: med(landed.map((land) => land.groupMs)),
      idleLongFrames: med(runs.map((run) => run.idle?.longFrames)),
      longFrames: med(scrolled.map((scroll) => scroll.longFrames)),
      longestMs: med(scrolled.map((scroll) => scroll.longestMs)),
      frames: med(scrolled.map((scroll) => scroll.frames)),
      scrollMs: med(scrolled.map((scroll) => scroll.totalMs)),
    },
    pageErrors: [...pageErrors].slice(0, 20),
  }
}

const ms = (value: number | undefined) => (value === undefined ? 'n/a' : `${Math.round(value)} ms`)

/** The two rows as markdown: Latchkit's figures, and why the peers have none. */
export function activityMarkdown(activity: ActivityBench): string[] {
  if (activity.error) return [`Not measured: ${activity.error}`]
  const { median: m, options } = activity
  const first = activity.runs.find((run) => run.land)?.land
  const scroll = activity.runs.find((run) => run.scroll)?.scroll
  const failed = activity.runs.filter((run) => run.error)
  const lines = [
    `Latchkit with the history plugin, median of ${activity.runs.length - failed.length} page loads (of ${activity.runs.length}). Each load connects an offline wallet, opens the modal on Activity, and puts ${first ? `${first.received.toLocaleString('en-US')} generated transactions (two calendar years, ${first.received - first.kept} spam-only)` : 'the generated transactions'} in the history slice as a fetched page lands (\`visibleTransactions\`, then the slice). The list keeps ${first ? `${first.kept.toLocaleString('en-US')} and shows ${first.listRows.toLocaleString('en-US')} rows with the month headings, ${first.mountedRows} of them in the document` : 'them'}. The scroll moves the list's scroll container ${options.scrollStepPx} px further every animation frame from top to bottom${scroll ? ` (${scroll.scrollHeight.toLocaleString('en-US')} px, ${scroll.lastRowIndex + 1 === first?.listRows ? 'the last row reached' : `last row reached: ${scroll.lastRowIndex + 1}`})` : ''}; a long frame is one over 16.7 ms (by more than 1 ms of timer wobble).`,
    '',
    '| Measurement | Latchkit (history plugin) | Reown AppKit | RainbowKit |',
    '| --- | --- | --- | --- |',
    `| 10,000 activity items: state change -> list painted (budget 100 ms) | ${ms(m.paintMs)} (slice update ${ms(m.storeMs)}, of which visibleTransactions ${ms(m.visibleMs)}; React render and commit done at ${ms(m.commitMs)}; groupTransactions alone ${ms(m.groupMs)}) | no offline activity list | no activity list |`,
    `| Scrolling them top to bottom, ${options.scrollStepPx} px per frame | ${m.longFrames === undefined ? 'n/a' : `${m.longFrames} long frames of ${m.frames}, longest ${ms(m.longestMs)}, ${(m.scrollMs ?? 0) / 1000 < 1 ? ms(m.scrollMs) : `${((m.scrollMs ?? 0) / 1000).toFixed(1)} s`} in all`} | no offline activity list | no activity list |`,
    '',
    `- At rest before the transactions land, the same page had ${m.idleLongFrames ?? 'n/a'} long frames of ${IDLE_FRAMES} (median): the machine's floor for the scroll row.`,
    `- ${PEERS_WITHOUT_ACTIVITY_LIST.appkit}.`,
    `- ${PEERS_WITHOUT_ACTIVITY_LIST.rainbowkit}.`,
  ]
  for (const run of failed) lines.push(`- A load failed: ${run.error}`)
  for (const error of activity.pageErrors)
    lines.push(`- Page error: ${error.replace(/\s+/g, ' ').slice(0, 240)}`)
  return lines
}

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`)
  const value = index === -1 ? Number.NaN : Number(process.argv[index + 1])
  return Number.isFinite(value) ? value : fallback
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const options = { loads: option('runs', 5), scrollStepPx: option('step', DEFAULT_SCROLL_STEP_PX) }
  const started = Date.now()
  const log = (line: string) =>
    console.log(`[bench] ${line} (${Math.round((Date.now() - started) / 1000)} s)`)
  const result = await withBrowser((browser) => measureActivity(browser, options, log))
  console.log(activityMarkdown(result).join('\n'))
  if (process.argv.includes('--json')) console.log(JSON.stringify(result, null, 2))
}
