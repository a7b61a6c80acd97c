/**
 * `npm run bench`: installs the peers when missing, measures size and speed of the four
 * host apps in one run with the same tools (and what WalletConnect adds to each kit,
 * bench/walletConnectCost.ts), checks the size budgets and writes
 * bench/results.json and bench/RESULTS.md.
 *
 * Options: --runs N (page loads per timing, at least 5), --cycles N (open/close cycles
 * for the heap reading, default 200), --size-only.
 *
 * Pieces alone, printing their markdown and writing nothing: `npx tsx bench/coldPath.ts`,
 * `npx tsx bench/activity.ts` (the 10,000-item activity list), `npx tsx bench/emailLogin.ts`
 * (email login, code entered to account shown).
 */
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { DEFAULT_SCROLL_STEP_PX, measureActivity } from './activity'
import { checkSizeBudgets } from './budgets'
import { measureColdPath } from './coldPath'
import { measureEmailLogin } from './emailLogin'
import { startFullServices } from './fullServices'
import { currentLoad, describeMachine } from './machine'
import { notYetMeasurable } from './notYetMeasurable'
import { benchDir, repoRoot } from './paths'
import { ensurePeers } from './peers'
import { renderMarkdown } from './report'
import type { BenchResults } from './results'
import { rows } from './rows'
import { disposeBuilds, measureLatchkit, measureRow, type SizeRow } from './size'
import { measureSpeed, type SpeedApp, type SpeedOptions, withBrowser } from './speed'
import { measureWalletConnectCosts } from './walletConnectCost'
import { measureWalletSearch } from './walletSearch'

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`)
  const value = index === -1 ? Number.NaN : Number(process.argv[index + 1])
  return Number.isFinite(value) ? value : fallback
}

const started = Date.now()
const log = (line: string) => console.log(`[bench] ${line} (${Math.round((Date.now() - started) / 1000)} s)`)
const speedOptions: SpeedOptions = {
  runs: Math.max(5, option('runs', 5)),
  cycles: Math.max(20, option('cycles', 200)),
}
const machine = describeMachine()

const peers = ensurePeers()
log(peers.ok ? 'peers installed' : `peers unavailable: ${peers.error}`)

const latchkit = await measureLatchkit({ keep: true })
const sizeRows: SizeRow[] = [...latchkit.rows]
for (const row of rows.filter((r) => r.kind === 'peer')) {
  sizeRows.push(
    peers.ok
      ? await measureRow(row, { keep: true })
      : { id: row.id, label: row.label, error: `peers not installed: ${peers.error}` },
  )
}
log('size measured')

const keptBundle = (id: string) => sizeRows.find((row) => row.id === id)?.bundle
const walletConnect = await measureWalletConnectCosts(latchkit, {
  minimal: keptBundle('latchkit-minimal')?.metafile,
  appkit: keptBundle('appkit'),
  ...(peers.ok ? {} : { peersError: peers.error ?? 'not installed' }),
})
log('WalletConnect costs measured')

const speedRows: BenchResults['speed']['rows'] = []
const skipped: BenchResults['speed']['skipped'] = []
let coldPath: BenchResults['speed']['coldPath']
let activity: BenchResults['speed']['activity']
let walletSearch: BenchResults['speed']['walletSearch']
let emailLogin: BenchResults['speed']['emailLogin']
try {
  if (process.argv.includes('--size-only')) throw new Error('--size-only')
  // Debian's Chromium, installed with apt when missing (the same script the tests use).
  const browserCheck = spawnSync('node', ['scripts/ensure-browser.mjs'], { cwd: repoRoot, stdio: 'inherit' })
  if (browserCheck.status !== 0)
    throw new Error('Chromium is not installed (node scripts/ensure-browser.mjs failed)')
  await withBrowser(async (browser, version) => {
    machine.chromium = version
    const apps: SpeedApp[] = []
    for (const row of rows) {
      const built = sizeRows.find((size) => size.id === row.id)
      if (built?.outdir) apps.push({ row, outdir: built.outdir, preload: built.preload })
      else skipped.push({ id: row.id, reason: `no build: ${built?.error?.split('\n')[0]}` })
    }
    // Latchkit full, every plugin configured: against the devstack's services on 127.0.0.1.
    const full = apps.find((app) => app.row.id === 'latchkit-full')
    const services = full
      ? await startFullServices().catch((error: unknown) => {
          const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
          skipped.push({ id: 'latchkit-full', reason: `the local services did not start: ${reason}` })
          apps.splice(apps.indexOf(full), 1)
          return undefined
        })
      : undefined
    if (services) log('local services for Latchkit full started')
    try {
      if (full && services) full.pageQuery = (url) => services.pageQuery(url)
      speedRows.push(...(await measureSpeed(browser, apps, speedOptions, log)))
    } finally {
      await services?.stop()
    }
    coldPath = await measureColdPath(browser, Math.max(10, speedOptions.runs))
    log('cold path measured')
    activity = await measureActivity(
      browser,
      { loads: speedOptions.runs, scrollStepPx: DEFAULT_SCROLL_STEP_PX },
      log,
    )
    log('activity list measured')
    walletSearch = await measureWalletSearch(browser, speedOptions.runs)
    log('wallet search measured')
    emailLogin = await measureEmailLogin(browser, speedOptions.runs)
    log('email login measured')
  })
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error)
  for (const row of rows)
    if (!speedRows.some((speed) => speed.id === row.id) && !skipped.some((s) => s.id === row.id))
      skipped.push({ id: row.id, reason })
}
disposeBuilds(sizeRows)

machine.load.end = currentLoad()
const { rows: _latchkitRows, ...latchkitExtras } = latchkit
const results: BenchResults = {
  machine,
  peers,
  size: {
    rows: sizeRows.map(({ outdir: _outdir, preload: _preload, bundle: _bundle, ...row }) => row),
    latchkit: latchkitExtras,
    walletConnect,
    budgets: checkSizeBudgets(latchkit),
  },
  speed: {
    options: speedOptions,
    rows: speedRows,
    skipped,
    notYetMeasurable: notYetMeasurable(),
    ...(coldPath ? { coldPath } : {}),
    ...(activity ? { activity } : {}),
    ...(walletSearch ? { walletSearch } : {}),
    ...(emailLogin ? { emailLogin } : {}),
  },
  durationSeconds: (Date.now() - started) / 1000,
}

writeFileSync(`${benchDir}/results.json`, `${JSON.stringify(results, null, 2)}\n`)
const markdown = renderMarkdown(results)
writeFileSync(`${benchDir}/RESULTS.md`, markdown)
console.log(markdown)
log('wrote bench/results.json and bench/RESULTS.md')
