/**
 * The frame's script as the service serves it at `/frame/frame.js`. In the built package
 * (`latchkit-server`) it is the prebuilt `frame.js` beside this module (written by
 * scripts/build-frame.mjs during `npm run build`); in this repository, where no such file
 * sits beside the source, `main.ts` is bundled with esbuild on first use and kept for the
 * life of the process.
 */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'

let script: Promise<string> | undefined

/**
 * @example
 * app.get('/frame/frame.js', async (c) => c.body(await loadFrameScript(), 200, { 'content-type': 'text/javascript' }))
 */
export function loadFrameScript(): Promise<string> {
  script ??= readOrBundle().catch((error: unknown) => {
    script = undefined
    throw error
  })
  return script
}

/**
 * Where the prebuilt script may sit relative to the module running this code: beside it
 * (dist/embedded-wallet/frame/assets.js in the `latchkit-server` package), or under it
 * when a command bundled this module into dist/ or dist/embedded-wallet/.
 */
const PREBUILT_CANDIDATES = ['./frame.js', './frame/frame.js', './embedded-wallet/frame/frame.js']

async function readOrBundle(): Promise<string> {
  for (const candidate of PREBUILT_CANDIDATES) {
    const prebuilt = fileURLToPath(new URL(candidate, import.meta.url))
    // Only the built package holds a frame.js; the sources never do (main.ts is there instead).
    if (existsSync(prebuilt)) return readFile(prebuilt, 'utf8')
  }
  const entry = fileURLToPath(new URL('./main.ts', import.meta.url))
  if (!existsSync(entry))
    throw new Error(`The frame script is neither built (frame.js) nor buildable (${entry})`)
  // A name in a variable: esbuild is a development dependency, absent where the package is installed.
  const esbuildModule = 'esbuild'
  const { build } = (await import(/* @vite-ignore */ esbuildModule)) as typeof import('esbuild')
  return bundleFrame(build, entry)
}

/**
 * The frame's bundle: one ES module for the browser, minified, with every dependency in it.
 * Shared with scripts/build-frame.mjs through the same options.
 */
export async function bundleFrame(build: typeof import('esbuild').build, entry: string): Promise<string> {
  const result = await build(frameBuildOptions(entry))
  const code = result.outputFiles?.[0]?.text
  if (!code) throw new Error('esbuild produced no frame script')
  return code
}

/** esbuild options for the frame's bundle. */
export function frameBuildOptions(entry: string) {
  return {
    entryPoints: [entry],
    bundle: true,
    format: 'esm' as const,
    platform: 'browser' as const,
    target: 'es2022',
    minify: true,
    write: false,
    legalComments: 'none' as const,
    logLevel: 'silent' as const,
    define: { 'process.env.NODE_ENV': '"production"' },
  }
}
