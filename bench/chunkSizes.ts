import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import type { Metafile } from 'esbuild'

export interface Weight {
  raw: number
  gzip: number
}

export interface ChunkSizes {
  /** The entry chunk and every chunk it imports statically, transitively. */
  initial: Weight
  /**
   * What a visitor loads to connect and see the account: the initial chunks plus the lazy
   * chunks of the views DESIGN's budget names (see {@link firstOpenModules}).
   */
  firstOpen: Weight
  /** Every JavaScript file of the build, lazily loaded chunks included. */
  total: Weight
  /** CSS files, reported apart (RainbowKit ships a stylesheet; the others inject styles from JS). */
  css: Weight
  /** JavaScript files in the build. */
  chunks: number
  initialChunks: number
  /** Output paths of the initial chunks, as the metafile keys them. */
  initialFiles: string[]
}

/** Bytes as served and gzip at level 9, one file at a time as a server compresses them. */
export function weigh(path: string): Weight {
  const bytes = readFileSync(path)
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
}

export const addWeights = (a: Weight, b: Weight): Weight => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip })
export const noWeight: Weight = { raw: 0, gzip: 0 }

/**
 * The chunks a page must fetch before the app runs: the entry plus, transitively, every
 * chunk it imports with a static `import` statement (metafile kind 'import-statement').
 * Chunks reached only by `import()` load later, when a view or feature needs them.
 */
export function initialChunks(metafile: Metafile, entry: string): string[] {
  const seen = new Set<string>()
  const visit = (path: string) => {
    if (seen.has(path)) return
    seen.add(path)
    for (const imported of metafile.outputs[path]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path)
    }
  }
  visit(entry)
  return [...seen]
}

/**
 * The lazily loaded modules that DESIGN's budget counts with the initial JS: what a visitor
 * fetches to open the modal, connect and see the account. That is the module of the first
 * open (src/react/views/firstOpen.ts: the dialog shell, the Connect view, the connecting
 * state, the Account view and its default Tokens tab), or those views wherever they are a
 * dynamic import of their own, and the kernel's actions they call (connect and the token
 * balances, src/kernel/actions/firstOpenActions.ts). Other views (Networks,
 * UnsupportedChain, the NFTs tab), the actions for later (disconnect, switching, signing,
 * sending) and the API clients, which a kernel without an `api` option never loads, are
 * left out.
 */
export const firstOpenModules =
  /src\/(react\/views\/(firstOpen|ConnectView|ConnectingExternalView|AccountView|tabs\/TokensTab)|kernel\/actions\/firstOpenActions)\.tsx?$/

/** The initial chunks plus the chunks of {@link firstOpenModules} and what they import statically. */
export function firstOpenChunks(metafile: Metafile, entry: string): string[] {
  const seen = new Set(initialChunks(metafile, entry))
  const views = Object.keys(metafile.outputs).filter((path) =>
    firstOpenModules.test(metafile.outputs[path]?.entryPoint ?? ''),
  )
  for (const view of views) for (const path of initialChunks(metafile, view)) seen.add(path)
  return [...seen]
}

/**
 * Weighs a build from its metafile. Output paths in the metafile are relative to the
 * working directory esbuild ran in, `cwd` resolves them.
 */
export function chunkSizes(metafile: Metafile, entry: string, cwd = process.cwd()): ChunkSizes {
  const at = (path: string) => (path.startsWith('/') ? path : `${cwd}/${path}`)
  const js = Object.keys(metafile.outputs).filter((path) => path.endsWith('.js'))
  const css = Object.keys(metafile.outputs).filter((path) => path.endsWith('.css'))
  const initialFiles = initialChunks(metafile, entry)
  return {
    initial: initialFiles.map((path) => weigh(at(path))).reduce(addWeights, noWeight),
    firstOpen: firstOpenChunks(metafile, entry)
      .map((path) => weigh(at(path)))
      .reduce(addWeights, noWeight),
    total: js.map((path) => weigh(at(path))).reduce(addWeights, noWeight),
    css: css.map((path) => weigh(at(path))).reduce(addWeights, noWeight),
    chunks: js.length,
    initialChunks: initialFiles.length,
    initialFiles,
  }
}
