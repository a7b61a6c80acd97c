/**
 * The WalletConnect row: what WalletConnect adds to Latchkit, RainbowKit and AppKit, each
 * built with the same esbuild settings as every row of the size bench.
 * - Latchkit: the walletconnect plugin's figures from "What each plugin adds" (minimal plus
 *   the plugin, minus minimal), the SDK's share of them, and the proof that an app that
 *   does not list the plugin carries none of it.
 * - RainbowKit: connectorsForWallets with injectedWallet alone, against injectedWallet and
 *   walletConnectWallet (bench/apps/rainbowkit-wallets.tsx).
 * - AppKit cannot be built without WalletConnect: the share of its WalletConnect modules in
 *   the AppKit row's build.
 * Run alone with `npx tsx bench/walletConnectCost.ts` (prints the table, writes nothing).
 */
import { readFileSync, rmSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import type { Metafile, Plugin } from 'esbuild'
import { type Bundle, bundleApp } from './bundle'
import { chunkSizes, initialChunks, noWeight, type Weight } from './chunkSizes'
import { appsDir, peersDir, repoRoot } from './paths'
import { peerResolution } from './peerResolution'
import { benchPlugins } from './pluginModule'
import { rows } from './rows'
import type { LatchkitSize } from './size'
import { latchkitSource } from './sourceAlias'

/** The plugin folder whose cost the Latchkit line reports. */
export const WALLETCONNECT_PLUGIN = 'walletconnect'

/**
 * The most the walletconnect plugin may add to the initial chunks, gzip bytes, checked by
 * test/bench/walletConnectCost.test.ts. 7.4 KB on 2026-11-24, all of it the plugin's own
 * code (the session manager that restores a session at start-up, the EVM and Solana
 * session bridges, the wallet links, its strings); the SDK is never in it. Lower it when
 * that code moves behind the first pairing.
 */
export const WALLETCONNECT_INITIAL_CEILING = 8000

/** Bytes some modules leave in a build: raw is exact (minified), gzip an estimate (see {@link moduleShare}). */
export interface ModuleShare {
  initial: Weight
  total: Weight
  /** Modules counted, those that left bytes in the output. */
  modules: number
}

export interface WalletConnectKitCost {
  kit: 'latchkit' | 'rainbowkit' | 'appkit'
  label: string
  /** How the figures were taken, in a sentence for the report. */
  method: string
  /** What listing WalletConnect adds, gzip (raw); for AppKit what its WalletConnect modules weigh. */
  initial?: Weight
  total?: Weight
  /** The WalletConnect SDK's part of `total`: @walletconnect/* modules and what only they import. */
  sdk?: ModuleShare
  /** Latchkit: what the plugin's total is made of, gzip estimate per part, largest first. */
  parts?: { name: string; gzip: number }[]
  /** What an app that does not list WalletConnect still carries of it, gzip bytes; absent when it cannot be left out. */
  notListedGzip?: number
  /** Why `notListedGzip` is what it is. */
  notListedProof: string
  error?: string
}

export interface WalletConnectCosts {
  kits: WalletConnectKitCost[]
}

const message = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n').slice(0, 4).join(' ')

/** A module of a WalletConnect package (@walletconnect/sign-client, core, utils, universal-provider...). */
export const isWalletConnectPackage = (path: string) => /(^|\/)node_modules\/@walletconnect\//.test(path)

/**
 * A module that is WalletConnect in a kit's build: a WalletConnect package, or a module of
 * the kit or of wagmi whose file or folder inside its package is named for WalletConnect
 * (WalletConnectConnector.js, walletConnect.js, not RainbowKit's walletConnectors/ folder
 * of every wallet), the universal provider (AppKit's universal-adapter/, not RainbowKit's
 * universalProfilesWallet) or AppKit's WalletConnect views (w3m-connecting-wc-*).
 */
export function isWalletConnectModule(path: string): boolean {
  if (isWalletConnectPackage(path)) return true
  const inPackage = path.match(/node_modules\/(?:@[^/]+\/)?[^/]+\/(.*)$/)?.[1]
  if (!inPackage) return false
  return inPackage
    .split('/')
    .some((segment) =>
      /^(walletconnect(?!ors)|universal-(adapter|provider|connector)|w3m-connecting-wc)/i.test(segment),
    )
}

/**
 * The inputs a build would not hold without the modules `isSeed` picks: those modules and
 * every module only they import (reachable from the entry when the seeds are taken away).
 *
 * @example
 * exclusiveTo(bundle.metafile, 'bench/apps/appkit.tsx', isWalletConnectModule).size // 400
 */
export function exclusiveTo(
  metafile: Metafile,
  entryInput: string,
  isSeed: (path: string) => boolean,
): Set<string> {
  const reachable = new Set<string>()
  const queue = [entryInput]
  while (queue.length > 0) {
    const path = queue.pop() as string
    if (reachable.has(path) || isSeed(path)) continue
    reachable.add(path)
    for (const next of metafile.inputs[path]?.imports ?? [])
      if (!next.external && metafile.inputs[next.path]) queue.push(next.path)
  }
  return new Set(Object.keys(metafile.inputs).filter((path) => !reachable.has(path)))
}

/**
 * What the given inputs leave in a build, initial chunks and all chunks. Raw is their
 * minified bytes (esbuild's bytesInOutput, exact). Gzip cannot be split by module, so it
 * is estimated per chunk: the chunk's gzip size times the inputs' part of its minified
 * bytes, summed over chunks (the per-module bytes bench/modules.ts lists, weighted by
 * their chunk's compression).
 */
export function moduleShare(bundle: Bundle, counted: ReadonlySet<string>): ModuleShare {
  const { metafile, workingDir } = bundle
  const initial = new Set(initialChunks(metafile, bundle.entry))
  const share = { initial: { ...noWeight }, total: { ...noWeight }, modules: 0 }
  const seen = new Set<string>()
  for (const [output, { inputs }] of Object.entries(metafile.outputs)) {
    if (!output.endsWith('.js')) continue
    let all = 0
    let ours = 0
    for (const [path, { bytesInOutput }] of Object.entries(inputs)) {
      all += bytesInOutput
      if (!counted.has(path) || bytesInOutput === 0) continue
      ours += bytesInOutput
      seen.add(path)
    }
    if (ours === 0) continue
    const file = readFileSync(output.startsWith('/') ? output : `${workingDir}/${output}`)
    const weight = { raw: ours, gzip: Math.round((gzipSync(file, { level: 9 }).length * ours) / all) }
    for (const target of initial.has(output) ? [share.initial, share.total] : [share.total]) {
      target.raw += weight.raw
      target.gzip += weight.gzip
    }
  }
  share.modules = seen.size
  return share
}

/** The WalletConnect share of a build: its WalletConnect modules and what only they import. */
export function walletConnectShare(bundle: Bundle, isSeed = isWalletConnectModule): ModuleShare {
  const entryInput = bundle.metafile.outputs[bundle.entry]?.entryPoint
  if (!entryInput) throw new Error(`no entry point for ${bundle.entry}`)
  return moduleShare(bundle, exclusiveTo(bundle.metafile, entryInput, isSeed))
}

/** The npm packages of the WalletConnect SDK a build holds at all (a module of it, bundled or not). */
export function walletConnectModulesIn(metafile: Metafile): string[] {
  return Object.keys(metafile.inputs).filter(isWalletConnectPackage)
}

const packageOf = (path: string) =>
  path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? path.split('/').slice(0, 2).join('/')

/** The packages whose own modules import a WalletConnect module: why a build holds WalletConnect. */
export function walletConnectImporters(metafile: Metafile): string[] {
  const importers = new Set<string>()
  for (const [path, input] of Object.entries(metafile.inputs)) {
    if (isWalletConnectModule(path)) continue
    if (input.imports.some((imported) => isWalletConnectModule(imported.path))) importers.add(packageOf(path))
  }
  return [...importers].sort()
}

const subtract = (a: Weight, b: Weight): Weight => ({ raw: a.raw - b.raw, gzip: a.gzip - b.gzip })

async function withBundle<T>(entry: string, plugins: Plugin[], use: (bundle: Bundle) => T): Promise<T> {
  const bundle = await bundleApp(entry, plugins)
  try {
    return use(bundle)
  } finally {
    rmSync(bundle.outdir, { recursive: true, force: true })
  }
}

/**
 * What the plugin brings, in parts: the SDK (`sdkGzip`), then every other package (or
 * source folder) that only the plugin imports, largest first; parts under 1 KB are summed
 * as 'other'.
 */
function pluginParts(bundle: Bundle, sdkGzip: number): { name: string; gzip: number }[] {
  const entryInput = bundle.metafile.outputs[bundle.entry]?.entryPoint ?? ''
  const brought = exclusiveTo(bundle.metafile, entryInput, (path) =>
    path.startsWith(`plugins/${WALLETCONNECT_PLUGIN}/`),
  )
  const sdk = exclusiveTo(bundle.metafile, entryInput, isWalletConnectPackage)
  const byPackage = new Map<string, Set<string>>()
  for (const path of brought) {
    if (sdk.has(path)) continue
    const name = packageOf(path).replace(/^(@solana)\/.*/, '$1/*')
    byPackage.set(name, (byPackage.get(name) ?? new Set()).add(path))
  }
  const parts = [{ name: 'the WalletConnect SDK', gzip: sdkGzip }]
  let other = 0
  for (const [name, paths] of byPackage) {
    const gzip = moduleShare(bundle, paths).total.gzip
    if (gzip >= 1000) parts.push({ name, gzip })
    else other += gzip
  }
  parts.sort((a, b) => b.gzip - a.gzip)
  if (other > 0) parts.push({ name: 'other', gzip: other })
  return parts
}

/** Minimal plus the walletconnect plugin, as the per-plugin row builds it (latchkit-full.tsx with that plugin alone). */
export function buildLatchkitWithWalletConnect(): Promise<Bundle> {
  return bundleApp(`${appsDir}/latchkit-full.tsx`, [
    latchkitSource(),
    benchPlugins(repoRoot, [WALLETCONNECT_PLUGIN]),
  ])
}

/**
 * Latchkit's line. The initial and total figures are the plugin's row of "What each plugin
 * adds" (not measured twice); this adds the SDK's share and the proof of 0 bytes.
 */
export async function latchkitWalletConnect(
  latchkit: LatchkitSize,
  minimal?: Metafile,
): Promise<WalletConnectKitCost> {
  const line: WalletConnectKitCost = {
    kit: 'latchkit',
    label: 'Latchkit (plugins/walletconnect)',
    method:
      "minimal plus walletConnect() (latchkit-full.tsx listing that plugin alone, the plugin's row above), minus minimal; the SDK (@walletconnect/sign-client, @walletconnect/core and what they import) is in lazy chunks loaded on the first pairing",
    notListedProof: '',
  }
  try {
    const cost = latchkit.plugins.find((plugin) => plugin.plugin === WALLETCONNECT_PLUGIN)
    if (!cost) throw new Error(latchkit.pluginsError ?? 'no walletconnect row in the plugin costs')
    line.initial = cost.initial
    line.total = cost.total
    const bundle = await buildLatchkitWithWalletConnect()
    try {
      line.sdk = walletConnectShare(bundle, isWalletConnectPackage)
      line.parts = pluginParts(bundle, line.sdk.total.gzip)
    } finally {
      rmSync(bundle.outdir, { recursive: true, force: true })
    }
    const inMinimal = minimal
      ? walletConnectModulesIn(minimal)
      : await withBundle(`${appsDir}/latchkit-minimal.tsx`, [latchkitSource()], (b) =>
          walletConnectModulesIn(b.metafile),
        )
    const unused = latchkit.unusedPlugins
    const identical = unused?.identical === true && unused.pluginsPresent.includes(WALLETCONNECT_PLUGIN)
    line.notListedGzip = inMinimal.length === 0 && identical ? 0 : undefined
    line.notListedProof = [
      inMinimal.length === 0
        ? 'the minimal build holds no @walletconnect module'
        : `the minimal build holds ${inMinimal.length} @walletconnect modules (${inMinimal[0]})`,
      identical
        ? 'and is byte for byte the same with and without plugins/'
        : `and the with/without plugins/ check ${unused ? 'found differences' : `did not run: ${latchkit.unusedPluginsError}`}`,
    ].join(' ')
  } catch (error) {
    line.error = message(error)
  }
  return line
}

/** The virtual module 'bench:rainbowkit-wallets' that rainbowkit-wallets.tsx imports: its wallet list. */
export function rainbowKitWallets(walletNames: readonly string[]): Plugin {
  return {
    name: 'rainbowkit-wallets',
    setup(build) {
      build.onResolve({ filter: /^bench:rainbowkit-wallets$/ }, () => ({
        path: 'bench:rainbowkit-wallets',
        namespace: 'rainbowkit-wallets',
      }))
      build.onLoad({ filter: /.*/, namespace: 'rainbowkit-wallets' }, () => ({
        contents: `import { ${walletNames.join(', ')} } from '@rainbow-me/rainbowkit/wallets'\nexport const wallets = [${walletNames.join(', ')}]\n`,
        loader: 'js',
        // The peers' install, as for the app's own imports (peerResolution()).
        resolveDir: peersDir,
      }))
    },
  }
}

/** RainbowKit's line: injectedWallet and walletConnectWallet, minus injectedWallet alone. */
export async function rainbowKitWalletConnect(): Promise<WalletConnectKitCost> {
  const line: WalletConnectKitCost = {
    kit: 'rainbowkit',
    label: 'RainbowKit (walletConnectWallet)',
    method:
      'connectorsForWallets with injectedWallet and walletConnectWallet, minus injectedWallet alone (bench/apps/rainbowkit-wallets.tsx)',
    notListedProof: '',
  }
  try {
    const entry = `${appsDir}/rainbowkit-wallets.tsx`
    const weigh = (wallets: string[]) =>
      withBundle(entry, [rainbowKitWallets(wallets), peerResolution()], (bundle) => ({
        sizes: chunkSizes(bundle.metafile, bundle.entry, bundle.workingDir),
        share: walletConnectShare(bundle),
        sdk: walletConnectShare(bundle, isWalletConnectPackage),
        importers: walletConnectImporters(bundle.metafile),
      }))
    const injected = await weigh(['injectedWallet'])
    const both = await weigh(['injectedWallet', 'walletConnectWallet'])
    line.initial = subtract(both.sizes.initial, injected.sizes.initial)
    line.total = subtract(both.sizes.total, injected.sizes.total)
    line.sdk = both.sdk
    line.notListedGzip = injected.share.total.gzip
    line.notListedProof =
      injected.share.modules === 0
        ? 'the injectedWallet-only build holds no WalletConnect module'
        : `the injectedWallet-only build still holds ${injected.share.modules} WalletConnect modules, ${injected.share.initial.gzip === 0 ? 'none' : kb(injected.share.initial.gzip)} of it initial (imported by ${injected.importers.join(', ')}; share estimated as for AppKit)`
  } catch (error) {
    line.error = message(error)
  }
  return line
}

/**
 * AppKit's line: the WalletConnect share of the AppKit row's build (`bundle`, when the
 * bench kept it; built here otherwise).
 */
export async function appKitWalletConnect(bundle?: Bundle): Promise<WalletConnectKitCost> {
  const line: WalletConnectKitCost = {
    kit: 'appkit',
    label: 'Reown AppKit (built in)',
    method:
      "cannot be built without it (the AppKit row has enableWalletConnect: false and still bundles it): share of that build's @walletconnect/* modules, AppKit's and wagmi's modules named for WalletConnect, the universal adapter or the WalletConnect views (w3m-connecting-wc-*), and what only they import",
    notListedProof: 'cannot be left out',
  }
  try {
    const row = rows.find((r) => r.id === 'appkit')
    if (!row) throw new Error('no appkit row')
    const shares = (built: Bundle) => ({
      all: walletConnectShare(built),
      sdk: walletConnectShare(built, isWalletConnectPackage),
    })
    const { all, sdk } = bundle ? shares(bundle) : await withBundle(row.entry, row.plugins(), shares)
    line.initial = all.initial
    line.total = all.total
    line.sdk = sdk
  } catch (error) {
    line.error = message(error)
  }
  return line
}

/**
 * The three lines, in the same run as the peers. `kept` passes builds the bench already
 * made (the minimal row's metafile, the AppKit row's bundle) so they are not built again;
 * the peers' lines are skipped with `peersError` when the peers are not installed.
 */
export async function measureWalletConnectCosts(
  latchkit: LatchkitSize,
  kept: { minimal?: Metafile; appkit?: Bundle; peersError?: string } = {},
): Promise<WalletConnectCosts> {
  const kits = [await latchkitWalletConnect(latchkit, kept.minimal)]
  if (kept.peersError) {
    for (const [kit, label] of [
      ['rainbowkit', 'RainbowKit (walletConnectWallet)'],
      ['appkit', 'Reown AppKit (built in)'],
    ] as const)
      kits.push({
        kit,
        label,
        method: '',
        notListedProof: '',
        error: `peers not installed: ${kept.peersError}`,
      })
  } else {
    kits.push(await rainbowKitWalletConnect())
    kits.push(await appKitWalletConnect(kept.appkit))
  }
  return { kits }
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`
const weight = (w: Weight | undefined, sign = '+') =>
  w ? `${sign}${kb(w.gzip)} (${sign}${kb(w.raw)})` : 'n/a'

/** The "WalletConnect: what it adds" table and its method, for bench/RESULTS.md. */
export function walletConnectMarkdown(costs: WalletConnectCosts): string[] {
  const lines = [
    "Each kit built with the same esbuild settings as above. Latchkit and RainbowKit: the same app with and without WalletConnect in its wallet list, the difference of the two builds (gzip file by file, exact). AppKit cannot be built without WalletConnect, so its line is the share of its WalletConnect modules in its build: raw bytes exact, gzip estimated per chunk by each module's part of the chunk's minified bytes. The SDK column counts the @walletconnect/* modules and what only they import, estimated the same way.",
    '',
    '| Kit | Initial JS gzip (raw) | Total JS gzip (raw) | Of which the WalletConnect SDK, gzip (initial / total) | Without WalletConnect listed | How |',
    '| --- | --- | --- | --- | --- | --- |',
  ]
  for (const kit of costs.kits) {
    if (kit.error) {
      lines.push(`| ${kit.label} | not measured: ${kit.error} | | | | ${kit.method} |`)
      continue
    }
    const sign = kit.kit === 'appkit' ? '' : '+'
    const estimate = (bytes: number) => (bytes === 0 ? '0' : `~${kb(bytes)}`)
    const sdk = kit.sdk ? `${estimate(kit.sdk.initial.gzip)} / ${estimate(kit.sdk.total.gzip)}` : 'n/a'
    const notListed =
      kit.notListedGzip === undefined
        ? kit.notListedProof
        : `${kit.notListedGzip === 0 ? '0 bytes' : `~${kb(kit.notListedGzip)}`}: ${kit.notListedProof}`
    lines.push(
      `| ${kit.label} | ${kit.kit === 'appkit' ? '~' : ''}${weight(kit.initial, sign)} | ${kit.kit === 'appkit' ? '~' : ''}${weight(kit.total, sign)} | ${sdk} | ${notListed} | ${kit.method} |`,
    )
  }
  const parts = costs.kits.find((kit) => kit.parts)?.parts
  if (parts)
    lines.push(
      '',
      `Latchkit's total, by part (gzip estimates): ${parts.map((part) => `${part.name} ~${kb(part.gzip)}`).join(', ')}. Only the initial column's part loads at start-up: the plugin's own code, no SDK module.`,
    )
  return lines
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { measurePluginCosts, checkUnusedPlugins } = await import('./size')
  const plugins = (await measurePluginCosts()).filter((cost) => cost.plugin === WALLETCONNECT_PLUGIN)
  const latchkit: LatchkitSize = { rows: [], plugins, unusedPlugins: await checkUnusedPlugins() }
  console.log(walletConnectMarkdown(await measureWalletConnectCosts(latchkit)).join('\n'))
}
