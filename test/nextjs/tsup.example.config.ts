/**
 * The package build examples/nextjs needs: only the entries its app/ imports and the
 * entries those import in turn (JavaScript and their declarations, which `next build`
 * type-checks the example against), with the package's own options (tsup.config.ts's
 * browser build). nextExample.ts runs it; `LATCHKIT_EXAMPLE_ENTRIES` (comma-separated,
 * e.g. `kernel,react,internal`) adds the entries found in built code, and
 * `LATCHKIT_EXAMPLE_DTS=0` leaves the declarations out for that search. The whole package (31 entries,
 * the server commands, the frame script) took 17 minutes and 8.5 GB on a busy 2-core
 * machine; the example's 4 entries take 20 s and 1.5 GB. Written into dist/, where the
 * example's tsconfig paths look, replacing what was there as the package build does:
 * dist/ then holds these entries only (`npm run build` makes the whole package).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Options } from 'tsup'
import configs from '../../tsup.config.js'

const exampleApp = fileURLToPath(new URL('../../examples/nextjs/app/', import.meta.url))

/** The package entries a source file imports: `latchkit` is `kernel`, `latchkit/react` is `react`. */
export function importedEntries(source: string): string[] {
  return [...source.matchAll(/from ['"]latchkit(?:\/([^'"]+))?['"]/g)].map((match) => match[1] ?? 'kernel')
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : /\.(ts|tsx)$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  )
}

const browser = (configs as Options[])[0]!
const wanted = new Set([
  ...sourceFiles(exampleApp).flatMap((file) => importedEntries(readFileSync(file, 'utf8'))),
  ...(process.env.LATCHKIT_EXAMPLE_ENTRIES?.split(',').filter(Boolean) ?? []),
])
const entries = browser.entry as Record<string, string>
const missing = [...wanted].filter((name) => !(`${name}/index` in entries))
if (missing.length > 0)
  throw new Error(`examples/nextjs imports entries the package does not have: ${missing.join(', ')}`)

const config: Options = {
  ...browser,
  entry: Object.fromEntries(
    Object.entries(entries).filter(([name]) => wanted.has(name.replace(/\/index$/, ''))),
  ),
  dts: process.env.LATCHKIT_EXAMPLE_DTS !== '0',
}

export default config
