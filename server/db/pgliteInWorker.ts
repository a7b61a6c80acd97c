/**
 * The embedded database (PGlite) on a worker thread (pgliteWorker.mjs), as a `Database`:
 * what `latchkit-server` opens, so PGlite's seconds of start-up and every statement run
 * beside the thread that answers HTTP instead of on it. Values cross threads by structured
 * clone, which keeps what PGlite answers (dates, bigints, byte arrays, JSON) as they are;
 * an error keeps its message and PostgreSQL's fields (`code`, `detail`, `constraint`).
 *
 * Without a data dir, the database lives in a temporary directory removed on close (one
 * left by a process that was killed is removed by the next start), a copy of the cached
 * empty database: resuming files costs PGlite far less than unpacking its tar in memory.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { PGLITE_EXTRA_START_PARAMS, PGLITE_INITDB_PARAMS, pgliteTemplateDir } from './pgliteFiles.js'
import type { OpenPgliteOptions } from './pgliteTemplate.js'
import type { Database } from './sqlClient.js'

type WorkerAnswer =
  | { type: 'ready' }
  | { type: 'failed'; error: Record<string, unknown> }
  | { type: 'closed' }
  | { id: number; rows?: unknown[]; error?: Record<string, unknown> }

/** The temporary directories' names: the process that owns one is in it. */
const TEMPORARY = /^latchkit-pglite-(\d+)-/

/** An error from the worker as an Error again, with the fields it carried. */
function revived(fields: Record<string, unknown>): Error {
  const error = new Error(String(fields.message ?? 'the embedded database failed'))
  return Object.assign(error, fields)
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Removes the temporary databases of processes that are gone (killed before they could). */
function removeAbandoned(): void {
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(TEMPORARY.exec(name)?.[1])
    if (pid && pid !== process.pid && !isAlive(pid))
      rmSync(join(tmpdir(), name), { recursive: true, force: true })
  }
}

/**
 * The worker's file: beside this module in the sources (a `.mjs` a TypeScript loader
 * leaves alone), and built as `pgliteWorker.js` beside the chunk in the package's `dist/`.
 */
const workerFile = () =>
  new URL(import.meta.url.endsWith('.ts') ? './pgliteWorker.mjs' : './pgliteWorker.js', import.meta.url)

/**
 * @example
 * const db = await openPgliteInWorker({ dataDir: '/var/lib/latchkit' })
 * await db.sql.query('select 1')
 * await db.close()
 */
export async function openPgliteInWorker(options: OpenPgliteOptions = {}): Promise<Database> {
  const temporary = options.dataDir === undefined
  if (temporary) removeAbandoned()
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), `latchkit-pglite-${process.pid}-`))
  // PGlite makes the data dir but not its parents.
  mkdirSync(dataDir, { recursive: true })
  const template = pgliteTemplateDir(options.cacheDir)
  const removeTemporary = () => {
    if (temporary) rmSync(dataDir, { recursive: true, force: true })
  }
  const worker = new Worker(workerFile(), {
    workerData: {
      dataDir,
      template: { dir: template, partial: `${template}.${process.pid}.partial` },
      extraStartParams: PGLITE_EXTRA_START_PARAMS,
      initDbParams: PGLITE_INITDB_PARAMS,
    },
  })
  const pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>()
  let nextId = 0
  let gone: Error | undefined
  let onClosed: (() => void) | undefined
  const started = new Promise<void>((resolve, reject) => {
    worker.on('message', (answer: WorkerAnswer) => {
      if ('type' in answer) {
        if (answer.type === 'ready') resolve()
        else if (answer.type === 'failed') reject(revived(answer.error))
        else onClosed?.()
        return
      }
      const call = pending.get(answer.id)
      pending.delete(answer.id)
      if (answer.error) call?.reject(revived(answer.error))
      else call?.resolve(answer.rows ?? [])
    })
    // The thread died (out of memory, a crash in WebAssembly): every call waiting fails, as later ones will.
    const fail = (error: Error) => {
      gone ??= error
      reject(error)
      for (const call of pending.values()) call.reject(error)
      pending.clear()
      onClosed?.()
    }
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new Error(`the embedded database's thread ended (exit code ${code})`)))
  })
  try {
    await started
  } catch (error) {
    await worker.terminate()
    removeTemporary()
    throw error
  }
  let closing: Promise<void> | undefined
  return {
    sql: {
      query<Row>(text: string, params?: unknown[]) {
        if (gone) return Promise.reject(gone)
        const id = nextId++
        return new Promise<{ rows: Row[] }>((resolve, reject) => {
          pending.set(id, { resolve: (rows) => resolve({ rows: rows as Row[] }), reject })
          worker.postMessage({ id, text, params })
        })
      },
    },
    close() {
      closing ??= (
        gone
          ? Promise.resolve()
          : new Promise<void>((resolve) => {
              onClosed = resolve
              worker.postMessage({ type: 'close' })
            })
      ).then(removeTemporary)
      return closing
    },
  }
}
