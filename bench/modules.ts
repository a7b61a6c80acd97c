/**
 * Where our own code goes in the minimal build, module by module: minified bytes and the
 * chunk each module lands in, marked I (initial), F (first open) or - (loaded later).
 * Built as the own-code figure is (every npm package external), so the chunks are the
 * ones that figure weighs. A tool for finding what to cut, not a measurement the bench
 * reports: `npx tsx bench/modules.ts` (add `--chunks` to list each chunk's modules).
 */
import { readFileSync, rmSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { bundleApp } from './bundle'
import { chunkSizes, firstOpenChunks, initialChunks } from './chunkSizes'
import { externalPackages } from './externals'
import { appsDir } from './paths'
import { latchkitSource } from './sourceAlias'

const bundle = await bundleApp(`${appsDir}/latchkit-minimal.tsx`, [latchkitSource(), externalPackages()])
try {
  const { metafile, entry, workingDir } = bundle
  const at = (path: string) => (path.startsWith('/') ? path : `${workingDir}/${path}`)
  const initial = new Set(initialChunks(metafile, entry))
  const firstOpen = new Set(firstOpenChunks(metafile, entry))
  const mark = (output: string) => (initial.has(output) ? 'I' : firstOpen.has(output) ? 'F' : '-')
  const { initial: i, firstOpen: f, total: t } = chunkSizes(metafile, entry, workingDir)
  console.log(`own code, gzip: initial ${i.gzip}, first open ${f.gzip}, total ${t.gzip}\n`)

  const modules: { mark: string; bytes: number; path: string }[] = []
  for (const [output, { inputs, entryPoint }] of Object.entries(metafile.outputs)) {
    if (!output.endsWith('.js')) continue
    const bytes = readFileSync(at(output))
    console.log(
      `${mark(output)} ${output.split('/').pop()} ${bytes.length} raw ${gzipSync(bytes, { level: 9 }).length} gzip ${entryPoint ?? ''}`,
    )
    const own = Object.entries(inputs).filter(([, input]) => input.bytesInOutput > 0)
    if (process.argv.includes('--chunks')) {
      console.log(`    ${own.map(([path, input]) => `${path}:${input.bytesInOutput}`).join(' ')}`)
    }
    for (const [path, input] of own) modules.push({ mark: mark(output), bytes: input.bytesInOutput, path })
  }
  console.log('\nminified bytes by module, largest first')
  for (const { mark, bytes, path } of modules.sort((a, b) => b.bytes - a.bytes)) {
    console.log(`${mark} ${String(bytes).padStart(6)} ${path}`)
  }
} finally {
  rmSync(bundle.outdir, { recursive: true, force: true })
}
