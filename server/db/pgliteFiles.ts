/**
 * What opening the embedded database (PGlite) needs besides PGlite itself, shared by the
 * in-process open (pgliteTemplate.ts) and the worker-thread one (pgliteInWorker.ts): where
 * the empty-database template is cached, how it is saved, and the server settings PGlite
 * starts with. Nothing here loads PGlite, so the worker's parent never pays for it.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * A `node_modules/.cache/latchkit/` that a fresh install starts without: the repository's
 * from the sources (server/db/, two levels down), beside the devstack's anvil state cache,
 * and the installed `latchkit-server` package's own from its built chunks (dist/, one level
 * down). Computed on call, not at import: a test in a DOM environment imports this through
 * the API server, and its URL class makes no file: URLs.
 */
export const defaultPgliteCacheDir = (): string =>
  fileURLToPath(
    new URL(
      import.meta.url.endsWith('.ts')
        ? '../../node_modules/.cache/latchkit/'
        : '../node_modules/.cache/latchkit/',
      import.meta.url,
    ),
  )

// The package does not export its package.json: find it from the entry it does export.
function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  const manifest = join(dirname(entry), '..', 'package.json')
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version
}

/**
 * Settings PGlite starts with, after its own defaults. PostgreSQL's `shared_buffers` is
 * 128MB, which PGlite zeroes in WebAssembly at every start: about 2 s of CPU on our
 * machines, most of what opening the database cost. The embedded database holds a few
 * small tables (sessions, names, events, messages) whose pages are in memory or in the
 * OS's file cache anyway, so a small buffer pool loses nothing.
 */
export const PGLITE_EXTRA_START_PARAMS: readonly string[] = ['-c', 'shared_buffers=16MB']

/**
 * What initdb is asked for beyond PGlite's defaults: WAL segments of 1 MB instead of 16.
 * A fresh database then holds one 1 MB segment, not 16 MB of zeros that every start
 * from the template copies into memory (the template fell from 40 MB to 31).
 */
export const PGLITE_INITDB_PARAMS: readonly string[] = ['--wal-segsize=1']

/**
 * The template for this PGlite and these initdb settings.
 *
 * @example pgliteTemplateFile('/app/node_modules/.cache/latchkit') // '/app/…/pglite-0.5.16-wal1-empty.tar'
 */
export function pgliteTemplateFile(cacheDir: string = defaultPgliteCacheDir()): string {
  return join(cacheDir, `pglite-${pgliteVersion()}-wal1-empty.tar`)
}

/**
 * The template as a data directory, for the worker-thread open (pgliteInWorker.ts): a
 * copy of it is a fresh database on disk, which PGlite resumes without unpacking a tar
 * into memory.
 *
 * @example pgliteTemplateDir('/app/node_modules/.cache/latchkit') // '/app/…/pglite-0.5.16-wal1-empty'
 */
export function pgliteTemplateDir(cacheDir: string = defaultPgliteCacheDir()): string {
  return join(cacheDir, `pglite-${pgliteVersion()}-wal1-empty`)
}

/** Whether `dataDir` already holds a database, which is resumed as it is. */
export function holdsDatabase(dataDir: string): boolean {
  return existsSync(join(dataDir, 'PG_VERSION'))
}

/**
 * The cached template's bytes in a buffer of their own (to hand to PGlite or a worker
 * without a copy), or undefined when there is none yet.
 */
export function readPgliteTemplate(file: string): ArrayBuffer | undefined {
  if (!existsSync(file)) return undefined
  const bytes = readFileSync(file)
  // A file this size is read into a buffer of its own, handed over as is; a copy otherwise.
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
  return (
    whole ? bytes.buffer : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
  ) as ArrayBuffer
}

/**
 * Saves a fresh database's dump as the template; a failure only means the next start runs
 * initdb again.
 */
export function savePgliteTemplate(file: string, dump: ArrayBuffer): void {
  try {
    mkdirSync(dirname(file), { recursive: true })
    // Written aside then renamed: parallel test files never read half a file.
    const partial = `${file}.${process.pid}.partial`
    writeFileSync(partial, new Uint8Array(dump))
    renameSync(partial, file)
  } catch {
    // Only a cache.
  }
}

/**
 * The template as PGlite reads it (it only calls `arrayBuffer()`): Node's own Blob hands a
 * 40 MB file over in chunks it then copies together, half a second of CPU for nothing.
 */
export function templateAsBlob(bytes: ArrayBuffer): Blob {
  return { type: '', size: bytes.byteLength, arrayBuffer: async () => bytes } as unknown as Blob
}
