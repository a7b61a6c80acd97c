/**
 * Opens PGlite quickly. A new PGlite database runs initdb first, which takes several
 * seconds of WebAssembly on our machines; every fresh database is the same bytes, so the
 * first one is dumped to a cache file and later ones start from it in well under a second.
 * A development nicety only: a real deployment opens its database once.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'

/**
 * The package's `node_modules/.cache/latchkit/` (from the sources and from the built
 * `dist/server/` alike, both two levels down), beside the devstack's anvil state cache, so
 * a fresh install starts clean. Computed on call, not at import: a test in a DOM
 * environment imports this through the API server, and its URL class makes no file: URLs.
 */
export const defaultPgliteCacheDir = (): string =>
  fileURLToPath(new URL('../../node_modules/.cache/latchkit/', import.meta.url))

// The package does not export its package.json: find it from the entry it does export.
function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  const manifest = join(dirname(entry), '..', 'package.json')
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version
}

export type OpenPgliteOptions = {
  /** A directory that keeps the data across restarts; in memory when absent. */
  dataDir?: string
  /** Where the empty-database template is kept. Default {@link defaultPgliteCacheDir}. */
  cacheDir?: string
}

/**
 * An open PGlite: an existing data dir is resumed as is; a new one (or memory) starts
 * from the cached template, made on first use.
 *
 * @example
 * const db = await openPglite({ dataDir: '/var/lib/siwe' })
 * await db.query('select 1')
 */
export async function openPglite(options: OpenPgliteOptions = {}): Promise<PGlite> {
  const { dataDir } = options
  if (dataDir && existsSync(join(dataDir, 'PG_VERSION'))) return PGlite.create({ dataDir })
  // PGlite makes the data dir but not its parents (`.devstack/sessions/5173` on a first run).
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const cacheDir = options.cacheDir ?? defaultPgliteCacheDir()
  const template = join(cacheDir, `pglite-${pgliteVersion()}-empty.tar`)
  if (existsSync(template)) {
    try {
      const loadDataDir = new Blob([readFileSync(template)])
      return await PGlite.create(dataDir ? { dataDir, loadDataDir } : { loadDataDir })
    } catch {
      // An unreadable template (a write cut short): initdb below and write a good one.
    }
  }
  const db = await PGlite.create(dataDir ? { dataDir } : {})
  try {
    const dump = await db.dumpDataDir('none')
    mkdirSync(cacheDir, { recursive: true })
    // Written aside then renamed: parallel test files never read half a file.
    const partial = `${template}.${process.pid}.partial`
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()))
    renameSync(partial, template)
  } catch {
    // Only a cache: the next start runs initdb again.
  }
  return db
}
