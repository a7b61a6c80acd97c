/**
 * The embedded database (PGlite) on a worker thread (pgliteWorker.mjs), as a `Database`:
 * what `latchkit-server` opens, so PGlite's seconds of start-up and every statement run
 * beside the thread that answers HTTP instead of on it. Values cross threads by structured
 * clone, which keeps what PGlite answers (dates, bigints, byte arrays, JSON) as they are;
 * an error keeps its message and PostgreSQL's fields (`code`, `detail`, `constraint`).
 */
import { mkdirSync } from 'node:fs'
import { Worker } from 'node:worker_threads'
import {
  holdsDatabase,
  PGLITE_EXTRA_START_PARAMS,
  PGLITE_INITDB_PARAMS,
  pgliteTemplateFile,
  readPgliteTemplate,
  savePgliteTemplate,
} from './pgliteFiles.js'
import type { OpenPgliteOptions } from './pgliteTemplate.js'
import type { Database } from './sqlClient.js'

type WorkerAnswer =
  | { type: 'ready'; dump?: ArrayBuffer }
  | { type: 'failed'; error: Record<string, unknown> }
  | { type: 'closed' }
  | { id: number; rows?: unknown[]; error?: Record<string, unknown> }

/** An error from the worker as an Error again, with the fields it carried. */
function revived(fields: Record<string, unknown>): Error {
  const error = new Error(String(fields.message ?? 'the embedded database failed'))
  return Object.assign(error, fields)
}

/**
 * The worker's file: beside this module in the sources (a `.mjs` a TypeScript loader
 * leaves alone), and built as `pgliteWorker.js` beside the chunk in `dist/server/`.
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
  const { dataDir } = options
  const resume = dataDir !== undefined && holdsDatabase(dataDir)
  // PGlite makes the data dir but not its parents.
  if (dataDir && !resume) mkdirSync(dataDir, { recursive: true })
  const file = pgliteTemplateFile(options.cacheDir)
  const template = resume ? undefined : readPgliteTemplate(file)
  const worker = new Worker(workerFile(), {
    workerData: {
      ...(dataDir !== undefined && { dataDir }),
      ...(template && { template }),
      extraStartParams: PGLITE_EXTRA_START_PARAMS,
      initDbParams: PGLITE_INITDB_PARAMS,
      dumpTemplate: !resume,
    },
    ...(template && { transferList: [template] }),
  })
  const pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>()
  let nextId = 0
  let gone: Error | undefined
  let onClosed: (() => void) | undefined
  const started = new Promise<void>((resolve, reject) => {
    worker.on('message', (answer: WorkerAnswer) => {
      if ('type' in answer) {
        if (answer.type === 'ready') {
          if (answer.dump) savePgliteTemplate(file, answer.dump)
          resolve()
        } else if (answer.type === 'failed') reject(revived(answer.error))
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
      closing ??= gone
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            onClosed = resolve
            worker.postMessage({ type: 'close' })
          })
      return closing
    },
  }
}
