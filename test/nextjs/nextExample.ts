/**
 * Builds examples/nextjs with `next build` and serves it with `next start`, the way an
 * integrator deploys it. The example imports the package's built entries (dist/), so the
 * package is built first when dist/ holds no build.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { findFreePort } from '../../devstack/free-port.js'
import { killOnExit } from '../../devstack/kill-on-exit.js'

const run = promisify(execFile)
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url))
export const exampleDir = join(repoRoot, 'examples/nextjs')
const nextBin = join(repoRoot, 'node_modules/next/dist/bin/next')
const quietEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }

/** What the package is built from: a file here newer than the build means the build is stale. */
const packageSources = [
  'src',
  'adapters',
  'plugins',
  'locales',
  'entries.mjs',
  'tsup.config.ts',
  'package.json',
]

/** The newest modification time under `path` (a file or a folder), in ms. */
function newestChange(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))))
}

/**
 * Runs `npm run build` when dist/ holds no build (types included) or one older than the
 * package's sources, so the example never runs yesterday's code.
 *
 * @example await ensurePackageBuilt()
 */
export async function ensurePackageBuilt(): Promise<void> {
  const marker = join(repoRoot, 'dist/react/index.d.ts')
  const built = existsSync(marker) ? statSync(marker).mtimeMs : 0
  const changed = Math.max(...packageSources.map((path) => newestChange(join(repoRoot, path))))
  if (built > changed) return
  // The declaration bundle needs more than Node's default heap.
  await run('npm', ['run', 'build'], {
    cwd: repoRoot,
    env: { ...quietEnv, NODE_OPTIONS: '--max-old-space-size=8192' },
    maxBuffer: 64 * 1024 * 1024,
  })
}

/**
 * `next build` of the example; rejects with Next's output when the build fails.
 *
 * @example await buildExample()
 */
export async function buildExample(): Promise<void> {
  try {
    await run(process.execPath, [nextBin, 'build', exampleDir], {
      cwd: exampleDir,
      env: quietEnv,
      maxBuffer: 64 * 1024 * 1024,
    })
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
    throw new Error(`next build failed:\n${stdout}\n${stderr}`)
  }
}

export type RunningExample = { url: string; stop(): Promise<void> }

/**
 * `next start` of the built example on a free port, with `env` (the chain it points at);
 * resolves once it answers.
 *
 * @example
 * const app = await startExample({ LATCHKIT_RPC_URL: anvil.rpcUrl })
 * await app.stop()
 */
export async function startExample(env: Record<string, string>): Promise<RunningExample> {
  const port = await findFreePort()
  const child = spawn(
    process.execPath,
    [nextBin, 'start', exampleDir, '-p', String(port), '-H', '127.0.0.1'],
    {
      cwd: exampleDir,
      env: { ...quietEnv, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  killOnExit(child)
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const url = `http://127.0.0.1:${port}/`
  const stop = () => stopProcess(child)
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited (${child.exitCode}):\n${output}`)
    const answered = await fetch(url).then(
      (response) => response.ok,
      () => false,
    )
    if (answered) return { url, stop }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`next start did not answer within 60 s:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}
