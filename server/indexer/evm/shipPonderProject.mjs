// Copies the EVM indexer's Ponder app into the built server (server/dist/evm-indexer/):
// Ponder builds the app from its TypeScript sources when it starts, so the published
// package carries them as they are. Only what the app loads goes: its config, schema and
// src/, and every file they import, followed from their relative imports; one that leads
// out of this folder fails the build (the copy could not resolve it).
//
// Run by the server package's build (server/tsup.config.ts):  node indexer/evm/shipPonderProject.mjs dist
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const projectDir = dirname(fileURLToPath(import.meta.url))
/** The folder name ponderProject.ts looks for beside the server's chunks. */
const SHIPPED_PROJECT_FOLDER = 'evm-indexer'

function tsFilesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return tsFilesUnder(path)
    return /\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

/** The file a relative import names: `./x.js` is `./x.ts` in this TypeScript app. */
function importedFile(from, specifier) {
  const target = resolve(dirname(from), specifier)
  for (const candidate of [target.replace(/\.js$/, '.ts'), target, `${target}.ts`]) {
    if (existsSync(candidate)) return candidate
  }
  throw new Error(`${relative(projectDir, from)}: cannot find ${specifier}`)
}

/** The app's files: the entries and everything they import relatively. */
export function ponderProjectFiles() {
  const entries = [
    join(projectDir, 'ponder.config.ts'),
    join(projectDir, 'ponder.schema.ts'),
    ...tsFilesUnder(join(projectDir, 'src')),
  ]
  const found = new Set()
  const pending = [...entries]
  while (pending.length > 0) {
    const file = pending.pop()
    if (found.has(file)) continue
    if (relative(projectDir, file).startsWith('..'))
      throw new Error(`the Ponder app imports ${file}, outside ${projectDir}: it would not ship`)
    found.add(file)
    const text = readFileSync(file, 'utf8')
    for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      pending.push(importedFile(file, specifier))
    }
  }
  found.add(join(projectDir, 'ponder-env.d.ts'))
  return [...found].sort()
}

const outDir = process.argv[2]
if (outDir) {
  const target = join(outDir, SHIPPED_PROJECT_FOLDER)
  rmSync(target, { recursive: true, force: true })
  const files = ponderProjectFiles()
  for (const file of files) {
    const to = join(target, relative(projectDir, file))
    mkdirSync(dirname(to), { recursive: true })
    copyFileSync(file, to)
  }
  console.log(`shipPonderProject: ${files.length} files of the EVM indexer's Ponder app in ${target}`)
}
