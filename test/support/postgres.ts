/**
 * A throwaway PostgreSQL server for tests: Debian's binaries (installed by
 * `node scripts/ensure-postgres.mjs`), a fresh cluster in a temp dir with trust auth,
 * listening on 127.0.0.1 on a free port with its unix socket in the same temp dir.
 * PostgreSQL refuses to run as root, so under root the cluster runs as the `postgres` OS
 * user the Debian package creates. The vitest globalSetup (postgres-global-setup.ts)
 * starts one per run and provides its URL; each test file makes its own database in it
 * with {@link createTestDatabase}.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process'
import {
  accessSync,
  chownSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { findFreePort } from '../../devstack/free-port.js'
import { killOnExit } from '../../devstack/kill-on-exit.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The admin URL of the run's PostgreSQL server (database `postgres`, user `postgres`). */
    postgres: string
    /** Why the run's PostgreSQL server did not start, when it did not (then `postgres` is not provided). */
    postgresError: string
  }
}

const ROOT = '/usr/lib/postgresql'
const SETPRIV = '/usr/bin/setpriv'
const OS_USER = 'postgres'
const HOST = '127.0.0.1'

export type PostgresServer = {
  /** e.g. `postgres://postgres@127.0.0.1:41234/postgres`: the superuser, no password. */
  url: string
  port: number
  /** The temp dir holding the cluster (`data/`) and the unix socket. */
  dir: string
  /** Fast shutdown (SIGINT), then the temp dir is removed. */
  stop(): Promise<void>
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** The newest `/usr/lib/postgresql/<major>/bin` holding initdb and postgres, if any. */
export function findPostgresBinDir(): string | undefined {
  if (!existsSync(ROOT)) return undefined
  return readdirSync(ROOT)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a))
    .map((major) => join(ROOT, major, 'bin'))
    .find((dir) => isExecutable(join(dir, 'initdb')) && isExecutable(join(dir, 'postgres')))
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0

/** The uid and gid of the `postgres` OS user. */
function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, OS_USER], { encoding: 'utf8' }).trim())
  return { uid: id('-u'), gid: id('-g') }
}

/**
 * The command line that runs `binary` as the right user: as `postgres` under root, as is
 * otherwise. With setpriv the child also gets SIGKILL when this process dies, even by
 * SIGKILL (killOnExit covers the other ways out).
 */
function command(binary: string, args: string[]): [string, string[]] {
  const hasSetpriv = process.platform === 'linux' && existsSync(SETPRIV)
  if (isRoot()) {
    if (!hasSetpriv) throw new Error(`${SETPRIV} is needed to run PostgreSQL as ${OS_USER} under root`)
    return [
      SETPRIV,
      [
        `--reuid=${OS_USER}`,
        `--regid=${OS_USER}`,
        '--init-groups',
        '--pdeathsig',
        'KILL',
        '--',
        binary,
        ...args,
      ],
    ]
  }
  return hasSetpriv ? [SETPRIV, ['--pdeathsig', 'KILL', '--', binary, ...args]] : [binary, args]
}

/** The C locale keeps initdb from depending on which locales the machine has. */
const childEnv = () => ({ ...process.env, LC_ALL: 'C', LANG: 'C' })

function initdb(binDir: string, dir: string, dataDir: string): void {
  const [file, args] = command(join(binDir, 'initdb'), [
    '--pgdata',
    dataDir,
    '--username',
    'postgres',
    '--auth',
    'trust',
    '--encoding',
    'UTF8',
    '--locale',
    'C',
    // A throwaway cluster: no fsync of the new files.
    '--no-sync',
    '--no-instructions',
  ])
  const result = spawnSync(file, args, { cwd: dir, env: childEnv(), encoding: 'utf8' })
  if (result.error) throw result.error
  if (result.status !== 0) {
    throw new Error(
      `initdb failed (${result.status ?? result.signal}): ${`${result.stdout}\n${result.stderr}`.trim()}`,
    )
  }
}

/** Starts postgres and resolves once it accepts connections; rejects if it exits first. */
function runPostgres(binDir: string, dir: string, dataDir: string, port: number): Promise<ChildProcess> {
  const [file, args] = command(join(binDir, 'postgres'), [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-c',
    `listen_addresses=${HOST}`,
    '-c',
    `unix_socket_directories=${dir}`,
    // Durability is of no use to a throwaway cluster; speed on a loaded machine is.
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'logging_collector=off',
  ])
  const child = spawn(file, args, { cwd: dir, env: childEnv(), stdio: ['ignore', 'ignore', 'pipe'] })
  killOnExit(child)
  return new Promise((resolve, reject) => {
    // Keep the tail of the log so a failed start says why.
    let log = ''
    const onData = (chunk: string) => {
      log = (log + chunk).slice(-8000)
      if (log.includes('database system is ready to accept connections')) {
        child.stderr?.removeListener('data', onData)
        // Keep draining the pipe so the server never blocks on a full one.
        child.stderr?.resume()
        child.removeListener('exit', onExit)
        resolve(child)
      }
    }
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      reject(new Error(`postgres (port ${port}) exited while starting (${signal ?? code}): ${log.trim()}`))
    child.once('error', reject)
    child.once('exit', onExit)
    child.stderr?.setEncoding('utf8').on('data', onData)
  })
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => child.once('exit', () => resolve()))
}

/**
 * Makes a cluster in a new temp dir and starts a server on it; retries on another port
 * when the one found free was taken in between.
 *
 * @example
 * const server = await startPostgres()
 * const db = await createTestDatabase(server.url)
 * await server.stop()
 */
export async function startPostgres(): Promise<PostgresServer> {
  const binDir = findPostgresBinDir()
  if (!binDir) {
    throw new Error(
      `no PostgreSQL server binaries under ${ROOT}/<version>/bin: run \`node scripts/ensure-postgres.mjs\` as root`,
    )
  }
  // /tmp is open to every user, so the postgres user can reach a dir made in it.
  const dir = mkdtempSync(join(isRoot() ? '/tmp' : tmpdir(), 'latchkit-pg-'))
  const dataDir = join(dir, 'data')
  try {
    mkdirSync(dataDir, { mode: 0o700 })
    if (isRoot()) {
      const { uid, gid } = postgresUser()
      chownSync(dir, uid, gid)
      chownSync(dataDir, uid, gid)
    }
    initdb(binDir, dir, dataDir)
    let child: ChildProcess | undefined
    let port = 0
    for (let attempt = 1; !child; attempt++) {
      port = await findFreePort(HOST)
      try {
        child = await runPostgres(binDir, dir, dataDir, port)
      } catch (error) {
        const inUse = error instanceof Error && /already in use/i.test(error.message)
        if (!inUse || attempt >= 5) throw error
      }
    }
    const server = child
    // An interrupted run: killOnExit has SIGKILLed the server by now; leave no files behind.
    const removeDir = () => rmSync(dir, { recursive: true, force: true })
    process.once('exit', removeDir)
    let stopping: Promise<void> | undefined
    return {
      url: `postgres://postgres@${HOST}:${port}/postgres`,
      port,
      dir,
      stop() {
        stopping ??= (async () => {
          const done = exited(server)
          // SIGINT is PostgreSQL's fast shutdown: open sessions are ended, no waiting for clients.
          server.kill('SIGINT')
          const fallback = setTimeout(() => server.kill('SIGKILL'), 60_000)
          await done
          clearTimeout(fallback)
          process.removeListener('exit', removeDir)
          removeDir()
        })()
        return stopping
      },
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
}

export type TestDatabase = {
  /** The new database's URL on the same server. */
  url: string
  name: string
  /** Drops the database, ending any connection still open to it. */
  drop(): Promise<void>
}

async function asAdmin<T>(adminUrl: string, work: (client: import('pg').Client) => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/**
 * A new, empty database with a random name on the server of `adminUrl`, so test files
 * sharing one server never see each other's rows.
 *
 * @example
 * const db = await createTestDatabase(sharedPostgresUrl())
 * const verifier = await createSiweVerifier({ origin, chains, db: { url: db.url } })
 */
export async function createTestDatabase(adminUrl: string): Promise<TestDatabase> {
  const { randomBytes } = await import('node:crypto')
  const name = `latchkit_test_${randomBytes(6).toString('hex')}`
  // The name is ours, made of [a-z0-9_]: safe to put in the statement as is.
  await asAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`))
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    name,
    drop: () =>
      asAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
        () => {},
      ),
  }
}
