/**
 * The JavaScript build examples/nextjs needs: only the entries its app/ imports and the
 * entries those import in turn, with the package's own options (tsup.config.ts's browser
 * build). nextExample.ts runs it; `LATCHKIT_EXAMPLE_ENTRIES` (comma-separated, e.g.
 * `kernel,react,internal`) adds the entries found in built code. The declarations, which
 * `next build` type-checks the example against, come from scripts/build-types.mjs as in
 * `npm run build`. Written into dist/, where the example's tsconfig paths look,
 * replacing what was there as the package build does: dist/ then holds these entries'
 * JavaScript only (`npm run build` makes the whole package).
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
  // Declarations come from scripts/build-types.mjs, as in `npm run build`.
  dts: false,
}

export default config
