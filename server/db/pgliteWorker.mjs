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
 * workerData: `{ dataDir, template?, extraStartParams, initDbParams }` (settings after PGlite's own). A data dir that holds a
 * database is resumed. A new one is a copy of the template directory (`template.dir`),
 * made first when missing (initdb into `template.partial`, then renamed): copying 31 MB of
 * files and resuming them costs far less than unpacking a tar into memory. It posts
 * `{ type: 'ready' }` or `{ type: 'failed', error }`, then answers each
 * `{ id, text, params }` with `{ id, rows }` or `{ id, error }`, and `{ type: 'close' }`
 * with `{ type: 'closed' }`.
 */
import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
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

const holdsDatabase = (dir) => existsSync(join(dir, 'PG_VERSION'))
const startParams = [...PGlite.defaultStartParams, ...workerData.extraStartParams]

/** Makes the template directory once: a fresh database, closed, renamed into place. */
async function makeTemplate({ dir, partial }) {
  rmSync(partial, { recursive: true, force: true })
  // PGlite makes its data dir but not the parents: on a fresh install the cache folder
  // (node_modules/.cache/latchkit) does not exist yet.
  mkdirSync(dirname(partial), { recursive: true })
  const fresh = await PGlite.create({
    dataDir: partial,
    startParams,
    initDbStartParams: workerData.initDbParams,
  })
  await fresh.close()
  try {
    renameSync(partial, dir)
  } catch {
    // Another process made it first: theirs is as good.
    rmSync(partial, { recursive: true, force: true })
  }
}

async function open() {
  const { dataDir, template } = workerData
  if (template && !holdsDatabase(dataDir)) {
    if (!holdsDatabase(template.dir)) await makeTemplate(template)
    // Copied file by file in one go: fs.promises.cp took three times as long here.
    cpSync(template.dir, dataDir, { recursive: true })
  }
  return PGlite.create({ dataDir, startParams })
}

try {
  const db = await open()
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
  parentPort.postMessage({ type: 'ready' })
} catch (error) {
  parentPort.postMessage({ type: 'failed', error: plainError(error) })
  parentPort.close()
}
