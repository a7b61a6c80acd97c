// The embedded wallet's frame script for the built `latchkit-server` package (run by its
// `npm run build`, after tsup): writes server/dist/embedded-wallet/frame/assets.js
// (loadFrameScript, built from assets.ts) and, with that module's own bundling options,
// frame.js beside it, which the commands then read instead of bundling (esbuild is not
// installed where the package is).
// Usage: node scripts/build-frame.mjs [outDir]   (from any folder; paths below are the repository's)
import { mkdir, writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'

const server = fileURLToPath(new URL('../server/', import.meta.url))
// The output folder may be given (tests build into a temporary one).
const outDir = resolve(process.argv[2] ?? resolve(server, 'dist/embedded-wallet/frame'))
await mkdir(outDir, { recursive: true })
await build({
  entryPoints: [resolve(server, 'embedded-wallet/frame/assets.ts')],
  outfile: `${outDir}/assets.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
})
const { bundleFrame } = await import(pathToFileURL(`${outDir}/assets.js`).href)
const script = await bundleFrame(build, resolve(server, 'embedded-wallet/frame/main.ts'))
await writeFile(`${outDir}/frame.js`, script)
console.log(`frame: ${outDir}/frame.js (${Math.round(script.length / 1024)} KB)`)
