/**
 * The cold path of Latchkit minimal, chunk by chunk: when each JS file was requested and
 * arrived (resource timing), when its code started and finished running (a mark put first
 * and last in every file of a build made for this), and when the probe clicked, saw the
 * modal and saw the wallet list. Beside it, the same milestones for a React page with no
 * Latchkit (bench/apps/react-floor.tsx): the part of the cold path that is not ours.
 *
 * Part of `npm run bench`; alone: `npx tsx bench/coldPath.ts [--runs N]`.
 */
import { rmSync } from 'node:fs'
import { relative } from 'node:path'
import type { Browser } from 'playwright-core'
import { type Bundle, bundleApp, preloadFiles } from './bundle'
import type { ColdTimings } from './page/probe'
import { appsDir } from './paths'
import { latchkitSource } from './sourceAlias'
import { newPage, WALLET_NAME, withBrowser, writeIndexHtml } from './speed'
import { serveDirectory } from './staticServer'
import { median, round1 } from './stats'

/** One JS file of the build on one page load, ms from navigation start. */
export interface ChunkTiming {
  file: string
  /** What it holds, by the largest contributors (see {@link describeChunk}). */
  label: string
  /** Whether the page loads it at start-up or the modal's lazy module does. */
  role: 'entry' | 'start-up' | 'modal' | 'other'
  requested?: number
  arrived?: number
  /** Its first statement ran: the files it imports statically have run before. */
  ranFrom?: number
  ranTo?: number
}

export interface ColdPathRun {
  documentArrived?: number
  chunks: ChunkTiming[]
  probe: ColdTimings
}

export interface ColdPathApp {
  id: 'latchkit-minimal' | 'react-floor'
  label: string
  runs: ColdPathRun[]
  /** Medians over the runs. */
  median: {
    documentArrived?: number
    chunks: ChunkTiming[]
    firstClickAt?: number
    effectiveClickAt?: number
    modalPaintedAt?: number
    walletListPaintedAt?: number
  }
}

export interface ColdPath {
  loads: number
  /** Whether the pages named the start-up and modal chunks in `<link rel="modulepreload">`. */
  preload: boolean
  apps: ColdPathApp[]
  error?: string
}

const MARK = '__lk'
// import.meta.url names the file the mark is in; one banner serves every file.
const banner = `performance.mark("${MARK}:from:"+import.meta.url);`
const footer = `performance.mark("${MARK}:to:"+import.meta.url);`

function packageOrFolder(input: string): string {
  const pkg = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1]
  if (pkg) return pkg
  return (
    input.match(/(?:^|\/)((?:src|adapters|plugins)\/[^/]+)\//)?.[1] ?? input.split('/').slice(-2).join('/')
  )
}

/** A chunk by what weighs most in it: "react-dom 72% + src/react". */
export function describeChunk(bundle: Bundle, output: string): string {
  const inputs = bundle.metafile.outputs[output]?.inputs ?? {}
  const bytes = new Map<string, number>()
  let total = 0
  for (const [path, { bytesInOutput }] of Object.entries(inputs)) {
    const key = packageOrFolder(path)
    bytes.set(key, (bytes.get(key) ?? 0) + bytesInOutput)
    total += bytesInOutput
  }
  const top = [...bytes].sort((a, b) => b[1] - a[1]).slice(0, 3)
  return top
    .filter(([, size], index) => index === 0 || size / total >= 0.05)
    .map(([name, size]) => `${name} ${Math.round((size / total) * 100)}%`)
    .join(' + ')
}

const fileOf = (url: string) => new URL(url).pathname.replace(/^\//, '')

interface PageEntries {
  documentArrived?: number
  resources: { name: string; startTime: number; responseEnd: number }[]
  marks: { name: string; startTime: number }[]
}

async function loadOnce(
  browser: Browser,
  url: string,
  roles: Map<string, { label: string; role: ChunkTiming['role'] }>,
): Promise<ColdPathRun> {
  const errors = new Set<string>()
  const { context, page } = await newPage(
    browser,
    { connectButton: ['[data-latchkit="connect-button"]'], walletName: WALLET_NAME, mode: 'cold' },
    errors,
  )
  try {
    await page.goto(url, { waitUntil: 'commit' })
    const probe = (await page.evaluate('window.__bench.cold')) as ColdTimings
    const entries = (await page.evaluate(`({
      documentArrived: performance.getEntriesByType('navigation')[0]?.responseEnd,
      resources: performance.getEntriesByType('resource').map((e) => ({ name: e.name, startTime: e.startTime, responseEnd: e.responseEnd })),
      marks: performance.getEntriesByType('mark').map((e) => ({ name: e.name, startTime: e.startTime })),
    })`)) as PageEntries
    const chunks = new Map<string, ChunkTiming>()
    const chunk = (file: string) => {
      const known = chunks.get(file)
      if (known) return known
      const made: ChunkTiming = { file, ...(roles.get(file) ?? { label: file, role: 'other' as const }) }
      chunks.set(file, made)
      return made
    }
    for (const resource of entries.resources) {
      if (!resource.name.endsWith('.js')) continue
      const timing = chunk(fileOf(resource.name))
      timing.requested = round1(resource.startTime)
      timing.arrived = round1(resource.responseEnd)
    }
    for (const mark of entries.marks) {
      const [prefix, edge, ...rest] = mark.name.split(':')
      if (prefix !== MARK) continue
      const timing = chunk(fileOf(rest.join(':')))
      if (edge === 'from') timing.ranFrom = round1(mark.startTime)
      else timing.ranTo = round1(mark.startTime)
    }
    if (errors.size > 0) probe.error = [probe.error, ...errors].filter(Boolean).join('; ')
    return {
      documentArrived: entries.documentArrived === undefined ? undefined : round1(entries.documentArrived),
      chunks: [...chunks.values()],
      probe,
    }
  } finally {
    await context.close()
  }
}

const med = (values: (number | undefined)[]) => {
  const known = values.filter((value): value is number => value !== undefined)
  const value = median(known)
  return value === undefined ? undefined : round1(value)
}

function summarize(app: Omit<ColdPathApp, 'median'>): ColdPathApp {
  const files = [...new Set(app.runs.flatMap((run) => run.chunks.map((chunk) => chunk.file)))]
  const chunks = files
    .map((file) => {
      const seen = app.runs.flatMap((run) => run.chunks.filter((chunk) => chunk.file === file))
      const first = seen[0] as ChunkTiming
      return {
        file,
        label: first.label,
        role: first.role,
        requested: med(seen.map((chunk) => chunk.requested)),
        arrived: med(seen.map((chunk) => chunk.arrived)),
        ranFrom: med(seen.map((chunk) => chunk.ranFrom)),
        ranTo: med(seen.map((chunk) => chunk.ranTo)),
      }
    })
    .sort((a, b) => (a.ranFrom ?? a.arrived ?? Infinity) - (b.ranFrom ?? b.arrived ?? Infinity))
  const ok = app.runs.filter((run) => run.probe.walletListPaintedAt !== undefined)
  return {
    ...app,
    median: {
      documentArrived: med(app.runs.map((run) => run.documentArrived)),
      chunks,
      firstClickAt: med(ok.map((run) => run.probe.firstClickAt)),
      effectiveClickAt: med(ok.map((run) => run.probe.effectiveClickAt)),
      modalPaintedAt: med(ok.map((run) => run.probe.modalPaintedAt)),
      walletListPaintedAt: med(ok.map((run) => run.probe.walletListPaintedAt)),
    },
  }
}

/** Builds an app with a mark first and last in every file, its page as the speed bench writes it. */
async function markedBuild(entry: string, withPreload: boolean) {
  const bundle = await bundleApp(entry, [latchkitSource()], { banner, footer })
  const preload = preloadFiles(bundle)
  writeIndexHtml(bundle.outdir, withPreload ? preload : undefined)
  const roles = new Map<string, { label: string; role: ChunkTiming['role'] }>()
  for (const output of Object.keys(bundle.metafile.outputs)) {
    if (!output.endsWith('.js')) continue
    const file = relative(bundle.outdir, `${bundle.workingDir}/${output}`)
    const role =
      output === bundle.entry
        ? 'entry'
        : preload.startup.includes(file)
          ? 'start-up'
          : preload.lazy.includes(file)
            ? 'modal'
            : 'other'
    roles.set(file, { label: describeChunk(bundle, output), role })
  }
  return { bundle, roles }
}

/**
 * Loads Latchkit minimal and the React floor `loads` times each, alternating, in fresh
 * browser contexts, and takes medians. Never throws: a failure is in `error`.
 */
export async function measureColdPath(
  browser: Browser,
  loads: number,
  { preload = true }: { preload?: boolean } = {},
): Promise<ColdPath> {
  const apps = [
    { id: 'latchkit-minimal' as const, label: 'Latchkit minimal', entry: `${appsDir}/latchkit-minimal.tsx` },
    {
      id: 'react-floor' as const,
      label: 'React alone (button, then a list)',
      entry: `${appsDir}/react-floor.tsx`,
    },
  ]
  const built: Awaited<ReturnType<typeof markedBuild>>[] = []
  const sites: Awaited<ReturnType<typeof serveDirectory>>[] = []
  try {
    for (const app of apps) built.push(await markedBuild(app.entry, preload))
    for (const { bundle } of built) sites.push(await serveDirectory(bundle.outdir))
    const runs: ColdPathRun[][] = apps.map(() => [])
    for (let i = 0; i < loads; i++) {
      for (const [index] of apps.entries()) {
        const site = sites[index]
        const build = built[index]
        if (site && build) runs[index]?.push(await loadOnce(browser, site.url, build.roles))
      }
    }
    return {
      loads,
      preload,
      apps: apps.map((app, index) => summarize({ id: app.id, label: app.label, runs: runs[index] ?? [] })),
    }
  } catch (error) {
    return { loads, preload, apps: [], error: error instanceof Error ? error.message : String(error) }
  } finally {
    for (const site of sites) await site.close()
    for (const { bundle } of built) rmSync(bundle.outdir, { recursive: true, force: true })
  }
}

const ms = (value: number | undefined) => (value === undefined ? '-' : `${Math.round(value)}`)

/** The breakdown as markdown: Latchkit's files in the order they ran, then the milestones of both pages. */
export function coldPathMarkdown(coldPath: ColdPath): string[] {
  if (coldPath.error) return [`Not measured: ${coldPath.error}`]
  const latchkit = coldPath.apps.find((app) => app.id === 'latchkit-minimal')
  const floor = coldPath.apps.find((app) => app.id === 'react-floor')
  if (!latchkit) return ['Not measured.']
  const lines = [
    `Latchkit minimal, median of ${coldPath.loads} cold loads, ms from navigation start, ${coldPath.preload ? 'the page naming the start-up and modal chunks in modulepreload links' : 'no modulepreload links'}. Each JS file of this build carries a mark at its first and last statement; "runs" is from the one to the other (a file's static imports run before its first statement). Requested and arrived are the browser's resource timing.`,
    '',
    '| File | Role | What it holds (minified bytes) | Requested | Arrived | Runs |',
    '| --- | --- | --- | --- | --- | --- |',
    `| index.html | document | | 0 | ${ms(latchkit.median.documentArrived)} | |`,
  ]
  const chunkRow = (chunk: ChunkTiming) =>
    `| ${chunk.file} | ${chunk.role} | ${chunk.label} | ${ms(chunk.requested)} | ${ms(chunk.arrived)} | ${chunk.ranFrom === undefined ? 'not run' : `${ms(chunk.ranFrom)}-${ms(chunk.ranTo)}`} |`
  for (const chunk of latchkit.median.chunks) lines.push(chunkRow(chunk))
  if (floor) {
    lines.push(`| ${floor.label}: index.html | document | | 0 | ${ms(floor.median.documentArrived)} | |`)
    for (const chunk of floor.median.chunks)
      lines.push(chunkRow({ ...chunk, file: `${floor.label}: ${chunk.file}` }))
  }
  const row = (what: string, pick: (app: ColdPathApp) => number | undefined) =>
    `| ${what} | ${ms(pick(latchkit))} | ${floor ? ms(pick(floor)) : '-'} |`
  lines.push(
    '',
    `| Milestone (ms from navigation) | ${latchkit.label} | ${floor?.label ?? 'React alone'} |`,
    '| --- | --- | --- |',
    row('connect button clicked (first frame it exists)', (app) => app.median.firstClickAt),
    row('the click the app acted on', (app) => app.median.effectiveClickAt),
    row('modal painted', (app) => app.median.modalPaintedAt),
    row('wallet list painted', (app) => app.median.walletListPaintedAt),
  )
  return lines
}

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`)
  const value = index === -1 ? Number.NaN : Number(process.argv[index + 1])
  return Number.isFinite(value) ? value : fallback
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const preload = !process.argv.includes('--no-preload')
  const result = await withBrowser((browser) => measureColdPath(browser, option('runs', 10), { preload }))
  console.log(coldPathMarkdown(result).join('\n'))
  if (process.argv.includes('--json')) console.log(JSON.stringify(result, null, 2))
}
