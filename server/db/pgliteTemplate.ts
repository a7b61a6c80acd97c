/**
 * Opens PGlite quickly. A new PGlite database runs initdb first, which takes several
 * seconds of WebAssembly on our machines; every fresh database is the same bytes, so the
 * first one is dumped to a cache file and later ones start from it in well under a second.
 * A development nicety only: a real deployment opens its database once.
 */
import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import {
  holdsDatabase,
  PGLITE_EXTRA_START_PARAMS,
  PGLITE_INITDB_PARAMS,
  pgliteTemplateFile,
  readPgliteTemplate,
  savePgliteTemplate,
  templateAsBlob,
} from './pgliteFiles.js'

export { defaultPgliteCacheDir } from './pgliteFiles.js'

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
  const startParams = [...PGlite.defaultStartParams, ...PGLITE_EXTRA_START_PARAMS]
  if (dataDir && holdsDatabase(dataDir)) return PGlite.create({ dataDir, startParams })
  // PGlite makes the data dir but not its parents (`.devstack/sessions/5173` on a first run).
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const file = pgliteTemplateFile(options.cacheDir)
  const template = readPgliteTemplate(file)
  if (template) {
    try {
      const loadDataDir = templateAsBlob(template)
      return await PGlite.create(
        dataDir ? { dataDir, loadDataDir, startParams } : { loadDataDir, startParams },
      )
    } catch {
      // An unreadable template (a write cut short): initdb below and write a good one.
    }
  }
  const initDbStartParams = [...PGLITE_INITDB_PARAMS]
  const db = await PGlite.create(
    dataDir ? { dataDir, startParams, initDbStartParams } : { startParams, initDbStartParams },
  )
  try {
    savePgliteTemplate(file, await (await db.dumpDataDir('none')).arrayBuffer())
  } catch {
    // Only a cache: the next start runs initdb again.
  }
  return db
}
