import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build, type Metafile, type Plugin } from 'esbuild'
import { type PreloadFiles, preloadFromMetafile } from '../scripts/modulepreload.mjs'
import { repoRoot } from './paths'

export interface Bundle {
  /** A fresh temporary folder with the output files. */
  outdir: string
  metafile: Metafile
  /** Output path (as the metafile keys it) of the app's entry chunk. */
  entry: string
  /** What metafile paths are relative to. */
  workingDir: string
}

/**
 * Bundles one host app exactly as every row of the bench is bundled, so rows differ only
 * in their source: esbuild, minified ESM for the browser with code splitting and React's
 * production build. Legal comments are dropped in every row alike: the bench weighs code.
 *
 * @example
 * const { outdir, metafile } = await bundleApp('bench/apps/latchkit-minimal.tsx', [latchkitSource()])
 */
export async function bundleApp(
  entryPoint: string,
  plugins: Plugin[],
  {
    external = [],
    workingDir = repoRoot,
    banner,
    footer,
  }: {
    external?: string[]
    workingDir?: string
    /** Code put first and last in every JS file (the cold-path bench marks chunks with it). */
    banner?: string
    footer?: string
  } = {},
): Promise<Bundle> {
  const outdir = mkdtempSync(join(tmpdir(), 'latchkit-bench-'))
  try {
    const result = await build({
      entryPoints: { entry: entryPoint },
      absWorkingDir: workingDir,
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      splitting: true,
      define: { 'process.env.NODE_ENV': '"production"' },
      jsx: 'automatic',
      legalComments: 'none',
      outdir,
      entryNames: '[name]',
      chunkNames: 'chunks/[name]-[hash]',
      assetNames: 'assets/[name]-[hash]',
      loader: {
        '.png': 'file',
        '.svg': 'file',
        '.woff': 'file',
        '.woff2': 'file',
        '.jpg': 'file',
        '.webp': 'file',
      },
      external,
      ...(banner === undefined ? {} : { banner: { js: banner } }),
      ...(footer === undefined ? {} : { footer: { js: footer } }),
      metafile: true,
      write: true,
      logLevel: 'silent',
      plugins,
    })
    const entry = Object.keys(result.metafile.outputs).find((path) => path.endsWith('/entry.js'))
    if (!entry) throw new Error('esbuild produced no entry.js')
    return { outdir, metafile: result.metafile, entry, workingDir }
  } catch (error) {
    rmSync(outdir, { recursive: true, force: true })
    throw error
  }
}

/**
 * What a page serving the bundle names in `<link rel="modulepreload">`, as an integrator
 * gets it from scripts/modulepreload.mjs: the start-up chunks and Latchkit's modal module
 * (none in the peers' builds).
 */
export function preloadFiles(bundle: Bundle): PreloadFiles {
  return preloadFromMetafile(bundle.metafile, { entry: bundle.entry })
}
