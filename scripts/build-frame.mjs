// The embedded wallet's frame script for the built package: after tsup, writes
// dist/server/embedded-wallet/frame/assets.js (loadFrameScript, built from assets.ts) and,
// with that module's own bundling options, frame.js beside it, which assets.js then reads
// instead of bundling (esbuild is not installed where the package is).
// Usage: node scripts/build-frame.mjs [outDir]
import { mkdir, writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'

// The output folder may be given (tests build into a temporary one).
const outDir = resolve(process.argv[2] ?? 'dist/server/embedded-wallet/frame')
await mkdir(outDir, { recursive: true })
await build({
  entryPoints: ['server/embedded-wallet/frame/assets.ts'],
  outfile: `${outDir}/assets.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
})
const { bundleFrame } = await import(pathToFileURL(`${outDir}/assets.js`).href)
const script = await bundleFrame(build, resolve('server/embedded-wallet/frame/main.ts'))
await writeFile(`${outDir}/frame.js`, script)
console.log(`frame: ${outDir}/frame.js (${Math.round(script.length / 1024)} KB)`)
