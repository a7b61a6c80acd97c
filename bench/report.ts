import { activityMarkdown } from './activity'
import type { BudgetResult } from './budgets'
import type { Weight } from './chunkSizes'
import { coldPathMarkdown } from './coldPath'
import { emailLoginMarkdown } from './emailLogin'
import type { BenchResults } from './results'
import type { SpeedRow } from './speed'
import { walletConnectMarkdown } from './walletConnectCost'
import { walletSearchMarkdown } from './walletSearch'

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`
const weight = (w: Weight) => `${kb(w.gzip)} (${kb(w.raw)})`
const ms = (value: number | undefined) => (value === undefined ? 'n/a' : `${Math.round(value)} ms`)
const signed = (bytes: number) => `${bytes >= 0 ? '+' : ''}${kb(bytes)}`
const ratio = (a: number, b: number | undefined) => (b ? `${(a / b).toFixed(1)}x` : '')

function machineLine({ machine }: BenchResults): string {
  const load =
    machine.load.end === undefined ? machine.load.start : `${machine.load.start} -> ${machine.load.end}`
  return `${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.os}, Node ${machine.node}, Chromium ${machine.chromium ?? 'not started'}, ${machine.date} (1-min load average ${load})`
}

function sizeTable(results: BenchResults): string[] {
  const base = results.size.rows.find((row) => row.id === 'latchkit-minimal')?.sizes
  const lines = [
    '| App | Initial JS gzip (raw) | Total JS gzip (raw) | JS chunks (initial / all) | CSS gzip | vs Latchkit minimal, gzip (initial / total) |',
    '| --- | --- | --- | --- | --- | --- |',
  ]
  for (const row of results.size.rows) {
    if (!row.sizes) {
      lines.push(`| ${row.label} | not measured: ${row.error?.split('\n')[0]} | | | | |`)
      continue
    }
    const s = row.sizes
    lines.push(
      `| ${row.label} | ${weight(s.initial)} | ${weight(s.total)} | ${s.initialChunks} / ${s.chunks} | ${s.css.raw ? kb(s.css.gzip) : '-'} | ${ratio(s.initial.gzip, base?.initial.gzip)} / ${ratio(s.total.gzip, base?.total.gzip)} |`,
    )
  }
  return lines
}

function latchkitDetail(results: BenchResults): string[] {
  const {
    ownCode,
    ownCodeError,
    plugins,
    pluginsError,
    entries,
    entriesError,
    unusedPlugins,
    unusedPluginsError,
  } = results.size.latchkit
  const lines = ['### Latchkit minimal: what it is made of', '']
  if (ownCode) {
    const { own, latchkitDeps, composition } = ownCode
    lines.push(
      '| Part | Initial gzip (raw) | With the connect and account views, gzip (raw) | Whole build, gzip (raw) |',
      '| --- | --- | --- | --- |',
      `| Our own code (src/, adapters/, plugins/) | ${weight(own.initial)} | ${weight(own.firstOpen)} | ${weight(own.total)} |`,
      `| Kernel dependencies (zod, immer, zustand, mitt) | ${weight(latchkitDeps.initial)} | | ${weight(latchkitDeps.total)} |`,
      '',
      `Minified bytes by origin in the real build (metafile inputs, whole build): own ${kb(composition.total.own)}, kernel deps ${kb(composition.total.latchkitDeps)}, React + react-dom + scheduler ${kb(composition.total.react)}, viem and its deps ${kb(composition.total.viem)}, host app ${kb(composition.total.app)}.`,
      'Gzip for our code comes from builds that leave the packages out (gzip cannot be split by module); raw by origin from the metafile.',
    )
  } else {
    lines.push(`Own code not measured: ${ownCodeError}`)
  }
  lines.push('', '### What each plugin adds', '')
  if (pluginsError) lines.push(`Not measured: ${pluginsError}`)
  else if (plugins.length === 0) lines.push('No plugins under plugins/ yet.')
  else {
    lines.push(
      '| Plugin | Initial JS gzip (raw) | Total JS gzip (raw) | New chunks |',
      '| --- | --- | --- | --- |',
    )
    for (const cost of plugins) {
      lines.push(
        `| ${cost.plugin} | ${signed(cost.initial.gzip)} (${signed(cost.initial.raw)}) | ${signed(cost.total.gzip)} (${signed(cost.total.raw)}) | ${cost.chunks} |`,
      )
    }
  }
  lines.push('', '### What each integration entry adds', '')
  if (entriesError) lines.push(`Not measured: ${entriesError}`)
  else if (!entries || entries.length === 0) lines.push('No integration entries yet.')
  else {
    lines.push(
      "Minimal plus the entry used as an app uses it (the wagmi connector made for the kernel; the locale set on it), minus the same app without it. For latchkit/wagmi both builds have a wagmi config, since wagmi (and viem) are the app's own: the figure is the connector alone.",
      '',
      '| Entry | Initial JS gzip (raw) | Total JS gzip (raw) | New chunks |',
      '| --- | --- | --- | --- |',
    )
    for (const cost of entries) {
      lines.push(
        `| ${cost.entry} | ${signed(cost.initial.gzip)} (${signed(cost.initial.raw)}) | ${signed(cost.total.gzip)} (${signed(cost.total.raw)}) | ${cost.chunks} |`,
      )
    }
  }
  lines.push('')
  if (unusedPlugins) {
    const absent = (unusedPlugins.absent ?? ['plugins']).map((folder) => `${folder}/`).join(', ')
    lines.push(
      unusedPlugins.identical
        ? `Unused plugins and entries: minimal built with and without ${absent} is byte for byte identical, so each adds 0 bytes when absent (${unusedPlugins.pluginsPresent.length} plugins present: ${unusedPlugins.pluginsPresent.join(', ') || 'none'}).`
        : `Unused plugins and entries: minimal differs when ${absent} are present: ${unusedPlugins.differences.join(', ')}.`,
    )
  } else lines.push(`Unused plugins not checked: ${unusedPluginsError}`)
  return lines
}

function budgetTable(results: BenchResults): string[] {
  const lines = ['| Budget (DESIGN.md) | Status | Figures |', '| --- | --- | --- |']
  const add = (budget: BudgetResult, kind: string) =>
    lines.push(`| ${budget.budget} | ${budget.ok ? 'met' : 'BROKEN'} ${kind} | ${budget.detail} |`)
  for (const budget of results.size.budgets) add(budget, '(checked by test/bench/budgets.test.ts)')
  for (const row of results.speed.rows.filter((r) => r.id === 'latchkit-minimal')) {
    const warm = row.warm?.modalPaintMs
    const cold = row.cold?.clickToListMs
    const external = row.startupRequests?.external ?? []
    if (warm !== undefined)
      add(
        {
          budget: 'opening the modal after start-up paints within one frame (16 ms)',
          ok: warm <= 16,
          detail: `${ms(warm)} click to first painted frame (median)`,
        },
        '(reported)',
      )
    if (cold !== undefined)
      add(
        {
          budget: 'cold page: the wallet list shows within 150 ms',
          ok: cold <= 150,
          detail: `${ms(cold)} from the click to the painted list; ${ms(row.cold?.walletListMs)} from navigation`,
        },
        '(reported)',
      )
    if (row.startupRequests)
      add(
        {
          budget: 'no request leaves the page at start-up',
          ok: external.length === 0,
          detail:
            external.length === 0
              ? `${row.startupRequests.total} requests, all to the page's own server`
              : external.join(', '),
        },
        '(reported)',
      )
  }
  const activity = results.speed.activity?.median
  if (activity?.paintMs !== undefined)
    add(
      {
        budget: '10,000 activity items group and first render within 100 ms',
        ok: activity.paintMs <= 100,
        detail: `${ms(activity.paintMs)} from the history slice's update to the painted list (median)`,
      },
      '(reported)',
    )
  if (activity?.longFrames !== undefined)
    add(
      {
        budget: '10,000 activity items scroll without long frames',
        ok: activity.longFrames === 0,
        detail: `${activity.longFrames} frames over 16.7 ms of ${activity.frames}, longest ${ms(activity.longestMs)}, at ${results.speed.activity?.options.scrollStepPx} px per frame (median)`,
      },
      '(reported)',
    )
  return lines
}

function hosts(row: SpeedRow): string {
  if (!row.startupRequests) return 'n/a'
  const { total, external } = row.startupRequests
  const externalHosts = Object.entries(row.startupRequests.byHost).filter(([host]) =>
    external.some((url) => new URL(url).host === host),
  )
  const outside = externalHosts.map(([host, count]) => `${host} x${count}`).join(', ')
  return `${total} (${outside || 'none leave the machine'})`
}

function speedTable(results: BenchResults): string[] {
  const base = results.speed.rows.find((row) => row.id === 'latchkit-minimal')
  const lines = [
    `Median of ${results.speed.options.runs} page loads each; memory after ${results.speed.options.cycles} open/close cycles.`,
    '',
    '| App | Cold: navigation -> wallet list | Cold: click -> wallet list | Warm: click -> modal painted | Warm: click -> wallet list | Re-open (median) | Start-up requests (outside hosts) | JS heap after 10 / after all cycles | Heap growth per cycle |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ]
  for (const row of results.speed.rows) {
    const vs =
      row.cold?.walletListMs && base?.cold?.walletListMs && row !== base
        ? ` (${ratio(row.cold.walletListMs, base.cold.walletListMs)})`
        : ''
    const memory = row.memory ? `${kb(row.memory.heapAfter10)} / ${kb(row.memory.heapAfterAll)}` : 'n/a'
    lines.push(
      `| ${row.label} | ${ms(row.cold?.walletListMs)}${vs} | ${ms(row.cold?.clickToListMs)} | ${ms(row.warm?.modalPaintMs)} | ${ms(row.warm?.walletListMs)} | ${ms(row.reopenMs)} | ${hosts(row)} | ${memory} | ${row.memory ? `${Math.round(row.memory.growthPerCycle)} B` : 'n/a'} |`,
    )
  }
  for (const skipped of results.speed.skipped)
    lines.push(`| ${skipped.id} | not measured: ${skipped.reason} | | | | | | | |`)
  return lines
}

/** The React floor of the cold path (bench/coldPath.ts) beside the rows: what the browser and React take alone. */
function floorLine(results: BenchResults): string[] {
  const floor = results.speed.coldPath?.apps.find((app) => app.id === 'react-floor')?.median
  if (!floor?.walletListPaintedAt) return []
  const click =
    floor.effectiveClickAt === undefined ? undefined : floor.walletListPaintedAt - floor.effectiveClickAt
  return [
    `The floor, React alone rendering a button and on click a list (bench/apps/react-floor.tsx, the cold path's loads below): ${ms(floor.walletListPaintedAt)} navigation -> list, ${ms(click)} click -> list.`,
    '',
  ]
}

/** bench/RESULTS.md: the tables a reader wants, the full figures stay in results.json. */
export function renderMarkdown(results: BenchResults): string {
  const lines = [
    '# Bench results',
    '',
    'Written by `npm run bench` (bench/run.ts); the full figures, every run included, are in [results.json](results.json).',
    '',
    `Machine: ${machineLine(results)}`,
    '',
    results.peers.ok
      ? `Peers: ${Object.entries(results.peers.versions)
          .map(([name, version]) => `${name} ${version}`)
          .join(', ')} (bench/peers).`
      : `Peers could not be installed, so their rows are missing: ${results.peers.error}`,
    '',
    '## Size',
    '',
    'esbuild, minified ESM for the browser, code splitting, NODE_ENV=production, legal comments dropped, the same for every row. Initial JS is the entry chunk and every chunk it imports statically; total JS is every chunk. Gzip at level 9, file by file. 1 KB = 1000 bytes.',
    '',
    ...sizeTable(results),
    '',
    ...latchkitDetail(results),
    '',
    ...(results.size.walletConnect
      ? ['### WalletConnect: what it adds', '', ...walletConnectMarkdown(results.size.walletConnect), '']
      : []),
    '## Budgets',
    '',
    ...budgetTable(results),
    '',
    '## Speed',
    '',
    "Debian Chromium, headless, every request that is not to 127.0.0.1 blocked, each app served as a static build from 127.0.0.1, a fresh browser context per page load. Each page names its start-up chunks (and Latchkit's modal module with the plugins' parts of the Connect view) in `<link rel=\"modulepreload\">`, from the build's metafile by scripts/modulepreload.mjs, as an integrator's page would. The page announces one EIP-6963 wallet so every list has an entry to wait for. Cold: the connect button is clicked as soon as it exists (again every 250 ms while the app ignores it) and the clock runs from navigation start. Warm: the page is at rest (load, then 2 s without a request) before the click; the requests sent until then are the start-up requests (per host the most any load sent, and every outside URL any load tried). Page loads go round-robin over the apps so changes in machine load hit every row alike. Paint times are taken in the page with requestAnimationFrame. Timings are reported, never asserted: they depend on the machine and on what else runs on it.",
    '',
    ...speedTable(results),
    '',
    ...floorLine(results),
    'Latchkit full is opened with the local services of bench/fullServices.ts (as `npm run demo` starts them: an anvil chain with the fixtures, the local API server with sign-in, the WalletConnect relay, the frame service with the mailbox and the local social providers) and every plugin is configured against them (bench/apps/fullAppServices.ts): its start-up requests include what the configured plugins ask those services for, all on 127.0.0.1.',
    '',
  ]
  const withExternal = results.speed.rows.filter((row) => (row.startupRequests?.external.length ?? 0) > 0)
  if (withExternal.length > 0) {
    lines.push('Requests that tried to leave the machine at start-up (blocked):', '')
    for (const row of withExternal) lines.push(`- ${row.label}: ${row.startupRequests?.external.join(', ')}`)
    lines.push('')
  }
  for (const row of results.speed.rows) {
    if (row.pluginsLeftOut)
      lines.push(`${row.label}: plugins built in but not started: ${row.pluginsLeftOut.join('; ')}`, '')
  }
  const problems = results.speed.rows.filter((row) => row.errors.length > 0 || row.pageErrors.length > 0)
  if (problems.length > 0) {
    lines.push('Errors seen while measuring:', '')
    for (const row of problems) {
      for (const error of [...row.errors, ...row.pageErrors])
        lines.push(`- ${row.label}: ${error.replace(/\s+/g, ' ').slice(0, 240)}`)
    }
    lines.push('')
  }
  if (results.speed.coldPath) {
    lines.push('### Cold path, file by file', '', ...coldPathMarkdown(results.speed.coldPath), '')
  }
  if (results.speed.activity) {
    lines.push('### Activity list, 10,000 items', '', ...activityMarkdown(results.speed.activity), '')
  }
  if (results.speed.walletSearch) {
    lines.push(
      '### Wallet search, 5,000 wallets',
      '',
      ...walletSearchMarkdown(results.speed.walletSearch),
      '',
    )
  }
  if (results.speed.emailLogin) {
    lines.push(
      '### Email login: code entered to account shown',
      '',
      ...emailLoginMarkdown(results.speed.emailLogin),
      '',
    )
  }
  if (results.speed.notYetMeasurable.length > 0) {
    lines.push('### Not yet measurable', '')
    for (const item of results.speed.notYetMeasurable)
      lines.push(`- ${item.what}: not yet measurable: ${item.reason}`)
  }
  lines.push('', `The run took ${Math.round(results.durationSeconds)} s.`, '')
  return lines.join('\n')
}
