/**
 * The embedded database (PGlite) on a worker thread, for `pgliteInWorker.ts`. PGlite runs
 * PostgreSQL in WebAssembly on the thread that calls it, and its start is seconds of one
 * synchronous call: on the server's own thread that left the port unable to answer even
 * `/healthz` meanwhile. Here it starts beside the rest of the server, and every statement
 * runs off the thread that answers HTTP.
 *
 * Plain JavaScript, so the worker starts the same from the sources, under a test runner
 * and from the built package, without a TypeScript loader.
 *
 * workerData: `{ dataDir?, template?, extraStartParams, initDbParams, dumpTemplate }`: the
 * data dir (none: in memory), the empty-database template to start from (an ArrayBuffer
 * handed over, not copied), settings after PGlite's defaults, initdb's options for a fresh
 * database, and whether to send its dump back (to cache as the template). It posts `{ type: 'ready', dump? }` or
 * `{ type: 'failed', error }`, then answers each `{ id, text, params }` with `{ id, rows }`
 * or `{ id, error }`, and `{ type: 'close' }` with `{ type: 'closed' }`.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'

/** An error as it can cross threads: its message and PostgreSQL's fields (code, detail, constraint…). */
function plainError(error) {
  if (!(error instanceof Error)) return { message: String(error) }
  const fields = {}
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value
  }
  return { ...fields, name: error.name, message: error.message }
}

async function open() {
  const startParams = [...PGlite.defaultStartParams, ...workerData.extraStartParams]
  const where = workerData.dataDir === undefined ? {} : { dataDir: workerData.dataDir }
  const template = workerData.template
  if (template) {
    try {
      // PGlite only calls arrayBuffer() on it; a Blob would copy the 40 MB in chunks first.
      const loadDataDir = { type: '', size: template.byteLength, arrayBuffer: async () => template }
      return { db: await PGlite.create({ ...where, loadDataDir, startParams }), fresh: false }
    } catch {
      // An unreadable template (a write cut short): initdb below, and a good one sent back.
    }
  }
  const initDbStartParams = workerData.initDbParams
  return { db: await PGlite.create({ ...where, startParams, initDbStartParams }), fresh: true }
}

try {
  const { db, fresh } = await open()
  const dump =
    fresh && workerData.dumpTemplate ? await (await db.dumpDataDir('none')).arrayBuffer() : undefined
  parentPort.on('message', async (message) => {
    if (message.type === 'close') {
      await db.close()
      parentPort.postMessage({ type: 'closed' })
      parentPort.close()
      return
    }
    try {
      const result = await db.query(message.text, message.params)
      parentPort.postMessage({ id: message.id, rows: result.rows })
    } catch (error) {
      parentPort.postMessage({ id: message.id, error: plainError(error) })
    }
  })
  parentPort.postMessage({ type: 'ready', dump }, dump ? [dump] : [])
} catch (error) {
  parentPort.postMessage({ type: 'failed', error: plainError(error) })
  parentPort.close()
}
