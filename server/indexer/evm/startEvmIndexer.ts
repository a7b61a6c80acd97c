/**
 * Runs the EVM history indexer (the Ponder app in this directory) as a child process and
 * hands back its URL and a `HistorySource` reading it.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { HistorySource } from '../../api/historySource.js'
import {
  blockHashAt,
  type ChainFingerprints,
  changedChains,
  dropIndexedChains,
  type IndexerDatabase,
  readFingerprints,
  SCHEMA_PREFIX,
  writeFingerprints,
} from './chainFingerprints.js'
import { createEvmHistorySource } from './evmHistorySource.js'
import { chainName, INDEXER_ENV, type IndexedChain } from './indexerEnv.js'
import { interruptWithParent } from './killWithParent.js'
import { ponderPackageDir, ponderProjectDir } from './ponderProject.js'
import { chainHeads, type IndexProgress, waitUntilIndexed } from './waitUntilIndexed.js'

export type StartEvmIndexerOptions = {
  chains: readonly IndexedChain[]
  /**
   * `{ dataDir }`: the embedded database (PGlite) in that directory, kept between runs;
   * `{ url }`: a PostgreSQL server. Default: PGlite in a temporary directory, removed on stop.
   */
  database?: { dataDir: string } | { url: string }
  /** Default: a free port. A port named here must be free: the start fails if it is taken. */
  port?: number
  /** How often each chain is polled for new blocks. Default 1000 ms; 100-200 suits anvil. */
  pollingIntervalMs?: number
  /**
   * The longest wait for the index to catch up with the chains, however it progresses.
   * Default 30 minutes.
   */
  readyTimeoutMs?: number
  /**
   * How long the index may go without progress (blocks indexed, or a line in Ponder's log
   * while it boots) before the start is given up. Default 5 minutes.
   */
  stallMs?: number
  /** Called with each new reading of how far the index is while it catches up. */
  onProgress?: (progress: IndexProgress) => void
  /** Aborting it while starting stops the process and rejects. */
  signal?: AbortSignal
}

export type EvmIndexer = {
  /** The indexer's HTTP API, e.g. http://127.0.0.1:42069 */
  url: string
  /** Reads the history of every chain it indexes. */
  source: HistorySource
  /**
   * Resolves with why, should the process end by itself after the start (a crash, a
   * database gone): what a supervisor starts it again on. Never resolves after `stop()`.
   */
  ended: Promise<Error>
  /** SIGINT, then waits for the process to exit (releasing its database). Safe to call twice. */
  stop(): Promise<void>
}

const host = '127.0.0.1'
const setpriv = '/usr/bin/setpriv'

/**
 * Starts the indexer and resolves once it has caught up with every chain (Ponder's /ready).
 * A slow catch-up is waited for while it progresses; the start fails, and the process is
 * stopped, only when it exits, makes no progress for `stallMs`, or outlasts `readyTimeoutMs`.
 * One process indexes all chains; it needs 450-900 MB, so start one per test suite or demo.
 *
 * @example
 * const indexer = await startEvmIndexer({ chains: [{ chainId: 31337, rpcUrl }], pollingIntervalMs: 100 })
 * const page = await indexer.source.history({ account, chainIds: [], limit: 20 })
 * await indexer.stop()
 */
export async function startEvmIndexer(options: StartEvmIndexerOptions): Promise<EvmIndexer> {
  if (options.chains.length === 0) throw new Error('startEvmIndexer needs at least one chain')
  const projectDir = ponderProjectDir()
  const ponder: Ponder = { projectDir, packageDir: ponderPackageDir(projectDir) }
  const temporaryDir = options.database ? undefined : mkdtempSync(join(tmpdir(), 'latchkit-evm-index-'))
  const database: IndexerDatabase =
    options.database && 'url' in options.database
      ? { kind: 'postgres', url: options.database.url }
      : { kind: 'pglite', dataDir: options.database?.dataDir ?? temporaryDir! }
  const removeTemporary = () => {
    if (temporaryDir) rmSync(temporaryDir, { recursive: true, force: true })
  }

  try {
    await dropIndexedChains(database, await changedChains(options.chains, await readFingerprints(database)))
    const heads = await chainHeads(options.chains)
    await writeFingerprints(database, heads)

    options.signal?.throwIfAborted()
    const askedPort = options.port ?? (await findFreePort())
    const child = spawnPonder(ponder, options, database, askedPort)
    const onAbort = () => void interrupt(child)
    options.signal?.addEventListener('abort', onAbort, { once: true })
    const output = collectOutput(child)
    const exited = new Promise<never>((_, reject) => {
      child.once('error', reject)
      child.once('exit', (code, signal) =>
        reject(new Error(`the EVM indexer exited early (${signal ?? code}):\n${output.tail()}`)),
      )
    })
    exited.catch(() => {})
    let stopping = false
    const ended = new Promise<Error>((resolve) => {
      exited.catch((error: Error) => {
        if (!stopping) resolve(error)
      })
    })
    const stop = once(async () => {
      stopping = true
      await recordIndexedBlocks(url, options.chains, database).catch(() => {})
      await interrupt(child)
      removeTemporary()
    })
    let url = ''
    try {
      const silence = watchSilence(output.lastLineAt, options.stallMs ?? 300_000)
      const port = await Promise.race([output.port, exited, silence.failed]).finally(silence.cancel)
      // Ponder moves up when the port is taken; a caller that named one relies on it.
      if (options.port !== undefined && port !== options.port) {
        throw new Error(`the EVM indexer could not listen on port ${options.port} (taken)`)
      }
      url = `http://${host}:${port}`
      const caughtUp = waitUntilIndexed(url, heads, {
        capMs: options.readyTimeoutMs,
        stallMs: options.stallMs,
        onProgress: options.onProgress,
        lastActivity: output.lastLineAt,
      })
      await Promise.race([caughtUp, exited])
    } catch (error) {
      await interrupt(child)
      throw error
    } finally {
      options.signal?.removeEventListener('abort', onAbort)
    }
    return {
      url,
      source: createEvmHistorySource(
        url,
        options.chains.map((c) => c.chainId),
      ),
      ended,
      stop,
    }
  } catch (error) {
    removeTemporary()
    throw error
  }
}

/** The Ponder app and the installed Ponder that runs it. */
type Ponder = { projectDir: string; packageDir: string }

function spawnPonder(
  ponder: Ponder,
  options: StartEvmIndexerOptions,
  database: IndexerDatabase,
  port: number,
): ChildProcess {
  const { projectDir } = ponder
  const ponderBin = join(ponder.packageDir, 'dist/esm/bin/ponder.js')
  const args = [
    ponderBin,
    '--root',
    projectDir,
    '--log-format',
    'json',
    '--log-level',
    'info',
    'start',
    '--schema',
    schemaName(ponder, options.chains),
    '--hostname',
    host,
    '--port',
    String(port),
  ]
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PONDER_TELEMETRY_DISABLED: '1',
    [INDEXER_ENV.chains]: JSON.stringify(options.chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl }))),
    [INDEXER_ENV.pollingMs]: String(options.pollingIntervalMs ?? 1_000),
  }
  // Ponder prefers $PORT to --port: a caller's own PORT (the demo's page port) must not leak in.
  env.PORT = String(port)
  delete env.DATABASE_URL
  delete env.DATABASE_PRIVATE_URL
  delete env.DATABASE_SCHEMA
  if (database.kind === 'postgres') env[INDEXER_ENV.databaseUrl] = database.url
  else env[INDEXER_ENV.pgliteDir] = join(database.dataDir, 'pglite')

  // Under setpriv the kernel sends SIGINT to Ponder if this process dies without running
  // any handler (a SIGKILLed test worker); Ponder then shuts down and unlocks its schema.
  const useSetpriv = process.platform === 'linux' && existsSync(setpriv)
  const [command, commandArgs] = useSetpriv
    ? [setpriv, ['--pdeathsig', 'INT', '--', process.execPath, ...args]]
    : [process.execPath, args]
  const child = spawn(command, commandArgs, { cwd: projectDir, env, stdio: ['ignore', 'pipe', 'pipe'] })
  interruptWithParent(child)
  return child
}

/**
 * The schema the app's tables live in. Ponder refuses to reuse a schema made by a
 * different build of the app, so the name changes with the app's code, Ponder's version
 * and the set of chains: a changed app starts a fresh index instead of failing.
 */
function schemaName({ projectDir, packageDir }: Ponder, chains: readonly IndexedChain[]): string {
  const hash = createHash('sha256')
  hash.update(readFileSync(join(packageDir, 'package.json')))
  for (const file of sourceFiles(projectDir)) hash.update(file).update(readFileSync(join(projectDir, file)))
  hash.update(
    chains
      .map((c) => chainName(c.chainId))
      .sort()
      .join(','),
  )
  return `${SCHEMA_PREFIX}${hash.digest('hex').slice(0, 12)}`
}

function sourceFiles(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix))
    .sort()
    .flatMap((name) => {
      const relative = join(prefix, name)
      if (statSync(join(dir, relative)).isDirectory()) {
        return name === 'generated' || name.startsWith('.') ? [] : sourceFiles(dir, relative)
      }
      return /\.ts$/.test(name) && !name.endsWith('.d.ts') ? [relative] : []
    })
}

/**
 * The port Ponder listens on (it moves up from the asked one when taken), the log's tail
 * for errors, and when it last logged (a sign of life while it boots).
 */
function collectOutput(child: ChildProcess): { port: Promise<number>; tail(): string; lastLineAt(): number } {
  let tail = ''
  let lastLineAt = Date.now()
  let pending = ''
  let resolvePort: (port: number) => void = () => {}
  const port = new Promise<number>((resolve) => {
    resolvePort = resolve
  })
  const onData = (chunk: string) => {
    tail = (tail + chunk).slice(-6_000)
    pending += chunk
    const lines = pending.split('\n')
    pending = lines.pop() ?? ''
    if (lines.length > 0) lastLineAt = Date.now()
    for (const line of lines) {
      try {
        const entry = JSON.parse(line) as { msg?: string; port?: number }
        if (entry.msg === 'Created HTTP server' && typeof entry.port === 'number') resolvePort(entry.port)
      } catch {
        // not a log line
      }
    }
  }
  child.stdout?.setEncoding('utf8').on('data', onData)
  child.stderr?.setEncoding('utf8').on('data', onData)
  return { port, tail: () => tail.trim(), lastLineAt: () => lastLineAt }
}

/** Before stopping: the newest block indexed on each chain becomes its fingerprint. */
async function recordIndexedBlocks(url: string, chains: readonly IndexedChain[], database: IndexerDatabase) {
  const response = await fetch(`${url}/status`, { signal: AbortSignal.timeout(2_000) })
  const status = (await response.json()) as Record<string, { id: number; block?: { number: number } }>
  const fingerprints: ChainFingerprints = {}
  for (const { chainId, rpcUrl } of chains) {
    const indexed = status[chainName(chainId)]?.block?.number
    if (indexed === undefined) continue
    // One short try: a chain stopped before the indexer must not hold up the stop.
    const block = await blockHashAt(rpcUrl, BigInt(indexed), { attempts: 1, timeoutMs: 2_000 }).catch(
      () => null,
    )
    if (block) fingerprints[String(chainId)] = { blockNumber: String(block.number), blockHash: block.hash }
  }
  await writeFingerprints(database, fingerprints)
}

/** Rejects once Ponder has logged nothing for `stallMs` while it boots (before it listens). */
function watchSilence(lastLineAt: () => number, stallMs: number): { failed: Promise<never>; cancel(): void } {
  let timer: NodeJS.Timeout | undefined
  const failed = new Promise<never>((_, reject) => {
    timer = setInterval(() => {
      const silentMs = Date.now() - lastLineAt()
      if (silentMs > stallMs) {
        reject(new Error(`the EVM indexer logged nothing for ${Math.round(silentMs / 1000)} s while booting`))
      }
    }, 1_000)
  })
  failed.catch(() => {})
  return { failed, cancel: () => clearInterval(timer) }
}

function interrupt(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGINT')
    // Ponder flushes and unlocks in well under a second; SIGKILL covers a wedged process.
    setTimeout(() => child.kill('SIGKILL'), 15_000).unref()
  })
}

function once(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined
  return () => {
    running ??= run()
    return running
  }
}

// Ponder cannot listen on port 0 (it would report 0 as its port), so one is picked here;
// when it is taken by then, Ponder moves up and logs the port it got.
function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, host, () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}
