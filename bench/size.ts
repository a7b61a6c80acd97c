/**
 * The size bench: bundles each host app with the same esbuild settings and weighs it.
 * Run alone with `npx tsx bench/size.ts`; `npm run bench` runs it with the speed bench.
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { relative } from 'node:path'
import type { PreloadFiles } from '../scripts/modulepreload.mjs'
import { type Bundle, bundleApp, preloadFiles } from './bundle'
import { type ChunkSizes, chunkSizes, type Weight } from './chunkSizes'
import { bytesByOrigin, bytesByPackage, type Origin } from './composition'
import { benchExtras, discoverIntegrationEntries, NO_EXTRAS } from './entryCosts'
import { externalPackages, frameworkExternals } from './externals'
import { appsDir, repoRoot } from './paths'
import { benchPlugins, discoverPlugins } from './pluginModule'
import { type Row, type RowId, rows } from './rows'
import { latchkitSource } from './sourceAlias'
import { copyTree } from './treeCopy'

export type Sizes = Omit<ChunkSizes, 'initialFiles'>

export interface SizeRow {
  id: RowId
  label: string
  /** Set when the row could not be built; the other fields are then absent. */
  error?: string
  sizes?: Sizes
  /** Largest packages (or source folders) in the whole build, minified bytes. */
  topPackages?: [string, number][]
  /** The built app, kept for the speed bench; removed by disposeBuilds(). */
  outdir?: string
  /** What its page names in `<link rel="modulepreload">` (scripts/modulepreload.mjs). */
  preload?: PreloadFiles
  /** The kept build itself, for figures read from the same build (bench/walletConnectCost.ts). */
  bundle?: Bundle
}

/** Our code measured apart: gzip needs a build of its own, since it cannot be split by module. */
export interface OwnCode {
  /** src/, adapters/, plugins/ alone: every npm package left external. */
  own: { initial: Weight; firstOpen: Weight; total: Weight }
  /** The kernel's dependencies (zod, immer, zustand, mitt, @noble): React and viem left external, minus own. */
  latchkitDeps: { initial: Weight; total: Weight }
  /** Minified bytes by origin in the real build, from the metafile's inputs. */
  composition: { initial: Record<Origin, number>; total: Record<Origin, number> }
}

export interface PluginCost {
  plugin: string
  /** Minimal + this plugin, minus minimal (both built from latchkit-full.tsx). */
  initial: Weight
  total: Weight
  chunks: number
}

/** What one integration entry (latchkit/wagmi, a locale) adds to minimal. */
export interface EntryCost {
  entry: string
  initial: Weight
  total: Weight
  chunks: number
}

export interface UnusedPluginCheck {
  /** Plugins present in the tree when the check ran; none means the check proves nothing yet. */
  pluginsPresent: string[]
  /** The folders left out of the second build: plugins/ and the integration entries' folders. */
  absent?: string[]
  /** True when minimal built with and without them is byte for byte the same. */
  identical: boolean
  /** Output files that differ (or exist on one side only). */
  differences: string[]
}

export interface LatchkitSize {
  rows: SizeRow[]
  ownCode?: OwnCode
  ownCodeError?: string
  plugins: PluginCost[]
  pluginsError?: string
  entries?: EntryCost[]
  entriesError?: string
  unusedPlugins?: UnusedPluginCheck
  unusedPluginsError?: string
}

const message = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n').slice(0, 8).join('\n')

const subtract = (a: Weight, b: Weight): Weight => ({ raw: a.raw - b.raw, gzip: a.gzip - b.gzip })

function sizesOf(bundle: Bundle): Sizes {
  const { initialFiles: _initialFiles, ...sizes } = chunkSizes(
    bundle.metafile,
    bundle.entry,
    bundle.workingDir,
  )
  return sizes
}

function allOutputs(bundle: Bundle): string[] {
  return Object.keys(bundle.metafile.outputs).filter((path) => path.endsWith('.js'))
}

/** Builds one row; a failure is reported in the row, never thrown, so the bench goes on. */
export async function measureRow(row: Row, { keep = false } = {}): Promise<SizeRow> {
  try {
    const bundle = await bundleApp(row.entry, row.plugins())
    const result: SizeRow = {
      id: row.id,
      label: row.label,
      sizes: sizesOf(bundle),
      topPackages: bytesByPackage(bundle.metafile, allOutputs(bundle)),
    }
    if (keep) {
      result.outdir = bundle.outdir
      result.preload = preloadFiles(bundle)
      result.bundle = bundle
    } else rmSync(bundle.outdir, { recursive: true, force: true })
    return result
  } catch (error) {
    return { id: row.id, label: row.label, error: message(error) }
  }
}

/** Builds, weighs as initial and total, and throws the build away. */
async function weighBuild(
  entry: string,
  plugins: Parameters<typeof bundleApp>[1],
  options?: Parameters<typeof bundleApp>[2],
) {
  const bundle = await bundleApp(entry, plugins, options)
  try {
    return { sizes: sizesOf(bundle) }
  } finally {
    rmSync(bundle.outdir, { recursive: true, force: true })
  }
}

/** Our own code and the kernel's dependencies in the minimal app, raw and gzip. */
export async function measureOwnCode(): Promise<OwnCode> {
  const entry = `${appsDir}/latchkit-minimal.tsx`
  const own = await weighBuild(entry, [latchkitSource(), externalPackages()])
  const withDeps = await weighBuild(entry, [latchkitSource()], { external: frameworkExternals })
  // The real build's metafile splits raw bytes by origin (gzip cannot be split this way).
  const real = await bundleApp(entry, [latchkitSource()])
  try {
    const initialFiles = chunkSizes(real.metafile, real.entry, real.workingDir).initialFiles
    return {
      own: { initial: own.sizes.initial, firstOpen: own.sizes.firstOpen, total: own.sizes.total },
      latchkitDeps: {
        initial: subtract(withDeps.sizes.initial, own.sizes.initial),
        total: subtract(withDeps.sizes.total, own.sizes.total),
      },
      composition: {
        initial: bytesByOrigin(real.metafile, initialFiles),
        total: bytesByOrigin(real.metafile, allOutputs(real)),
      },
    }
  } finally {
    rmSync(real.outdir, { recursive: true, force: true })
  }
}

/**
 * What each plugin adds to minimal: latchkit-full.tsx built with that one plugin minus with
 * none; then each set of PLUGIN_SETS together.
 */
export async function measurePluginCosts(root = repoRoot): Promise<PluginCost[]> {
  const entry = `${appsDir}/latchkit-full.tsx`
  const names = discoverPlugins(root)
  if (names.length === 0) return []
  const base = (await weighBuild(entry, [latchkitSource(), benchPlugins(root, [])])).sizes
  const costs: PluginCost[] = []
  for (const plugin of names) {
    const withPlugin = (await weighBuild(entry, [latchkitSource(), benchPlugins(root, [plugin])])).sizes
    costs.push({
      plugin,
      initial: subtract(withPlugin.initial, base.initial),
      total: subtract(withPlugin.total, base.total),
      chunks: withPlugin.chunks - base.chunks,
    })
  }
  for (const set of PLUGIN_SETS.filter((set) => set.every((plugin) => names.includes(plugin)))) {
    const withSet = (await weighBuild(entry, [latchkitSource(), benchPlugins(root, set)])).sizes
    costs.push({
      plugin: set.join(' + '),
      initial: subtract(withSet.initial, base.initial),
      total: subtract(withSet.total, base.total),
      chunks: withSet.chunks - base.chunks,
    })
  }
  return costs
}

/**
 * Plugins that work only together, weighed as the set an app lists: each login method
 * needs the embedded wallet, and an app offering every login lists all four.
 */
const PLUGIN_SETS: readonly (readonly string[])[] = [
  ['email', 'embedded-wallet'],
  ['embedded-wallet', 'social'],
  ['embedded-wallet', 'farcaster'],
  ['email', 'embedded-wallet', 'farcaster', 'social'],
]

/** What each integration entry adds to minimal: latchkit-extras.tsx using it, minus not. */
export async function measureEntryCosts(root = repoRoot): Promise<EntryCost[]> {
  const app = `${appsDir}/latchkit-extras.tsx`
  const entries = discoverIntegrationEntries(root)
  if (entries.length === 0) return []
  const weigh = async (source: string) =>
    (await weighBuild(app, [latchkitSource(), benchExtras(root, source)])).sizes
  const minimal = await weigh(NO_EXTRAS)
  const costs: EntryCost[] = []
  for (const { entry, source, baseline } of entries) {
    const base = baseline === NO_EXTRAS ? minimal : await weigh(baseline)
    const withEntry = await weigh(source)
    costs.push({
      entry,
      initial: subtract(withEntry.initial, base.initial),
      total: subtract(withEntry.total, base.total),
      chunks: withEntry.chunks - base.chunks,
    })
  }
  return costs
}

/** name relative to the output folder -> sha256 of the file. */
function fingerprint(bundle: Bundle): Map<string, string> {
  const files = new Map<string, string>()
  for (const path of Object.keys(bundle.metafile.outputs)) {
    const absolute = path.startsWith('/') ? path : `${bundle.workingDir}/${path}`
    files.set(
      relative(bundle.outdir, absolute),
      createHash('sha256').update(readFileSync(absolute)).digest('hex'),
    )
  }
  return files
}

/** What an app that imports none of them must not pay for: the plugins and the integration entries. */
const OPTIONAL_FOLDERS = ['plugins', 'locales', 'src/wagmi']

/**
 * DESIGN.md: a plugin not in the list adds 0 bytes, and so does an entry not imported. Builds minimal from two copies of the
 * tree, one with plugins/ and one without, and compares the outputs byte for byte. Copies,
 * because others work in this tree and the folder must not move under them.
 */
export async function checkUnusedPlugins(): Promise<UnusedPluginCheck> {
  const withPlugins = copyTree()
  const withoutPlugins = copyTree({ without: OPTIONAL_FOLDERS })
  try {
    const build = async (root: string) => {
      const bundle = await bundleApp(`${root}/bench/apps/latchkit-minimal.tsx`, [latchkitSource(root)], {
        workingDir: root,
      })
      try {
        return fingerprint(bundle)
      } finally {
        rmSync(bundle.outdir, { recursive: true, force: true })
      }
    }
    const a = await build(withPlugins)
    const b = await build(withoutPlugins)
    const names = new Set([...a.keys(), ...b.keys()])
    const differences = [...names].filter((name) => a.get(name) !== b.get(name)).sort()
    return {
      pluginsPresent: discoverPlugins(repoRoot),
      absent: OPTIONAL_FOLDERS.filter((folder) => existsSync(`${repoRoot}/${folder}`)),
      identical: differences.length === 0,
      differences,
    }
  } finally {
    rmSync(withPlugins, { recursive: true, force: true })
    rmSync(withoutPlugins, { recursive: true, force: true })
  }
}

/** The Latchkit rows and their extra figures: what the budget test needs, no peers. */
export async function measureLatchkit({ keep = false } = {}): Promise<LatchkitSize> {
  const result: LatchkitSize = { rows: [], plugins: [] }
  for (const row of rows.filter((r) => r.kind === 'latchkit'))
    result.rows.push(await measureRow(row, { keep }))
  try {
    result.ownCode = await measureOwnCode()
  } catch (error) {
    result.ownCodeError = message(error)
  }
  try {
    result.plugins = await measurePluginCosts()
  } catch (error) {
    result.pluginsError = message(error)
  }
  try {
    result.entries = await measureEntryCosts()
  } catch (error) {
    result.entriesError = message(error)
  }
  try {
    result.unusedPlugins = await checkUnusedPlugins()
  } catch (error) {
    result.unusedPluginsError = message(error)
  }
  return result
}

/** Removes the builds kept for the speed bench. */
export function disposeBuilds(sizeRows: readonly SizeRow[]): void {
  for (const row of sizeRows) if (row.outdir) rmSync(row.outdir, { recursive: true, force: true })
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const latchkit = await measureLatchkit()
  console.log(JSON.stringify(latchkit, null, 2))
}
