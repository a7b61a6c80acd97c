/**
 * Builds examples/nextjs with `next build` and serves it with `next start`, the way an
 * integrator deploys it. The example imports the package's built entries (dist/), so those
 * are built first when dist/ holds none or older ones. Both builds are waited for while
 * they make progress (runWhileProgressing.ts): on a busy machine they take many times
 * their usual minute or two, and a fixed timeout lost the whole file.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { findFreePort } from '../../devstack/free-port.js'
import { killOnExit } from '../../devstack/kill-on-exit.js'
import { type RunReport, runWhileProgressing } from './runWhileProgressing.js'
import { importedEntries } from './tsup.example.config.js'

/**
 * The longest the package build and `next build` may each take (each fails sooner when it
 * makes no progress for 5 minutes); the hook that runs both takes their sum and a little
 * more as its timeout (BUILD_HOOK_MS), well inside CI's 90 minutes.
 */
const PACKAGE_BUILD_CAP_MS = 25 * 60_000
const NEXT_BUILD_CAP_MS = 15 * 60_000
export const BUILD_HOOK_MS = PACKAGE_BUILD_CAP_MS + NEXT_BUILD_CAP_MS + 5 * 60_000
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url))
export const exampleDir = join(repoRoot, 'examples/nextjs')
const nextBin = join(repoRoot, 'node_modules/next/dist/bin/next')
const tsupBin = join(repoRoot, 'node_modules/tsup/dist/cli-default.js')
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
 * Builds the entries the example imports (tsup.example.config.ts: JavaScript, seconds)
 * and the package's declarations (scripts/build-types.mjs, 30 to 80 s) when dist/ holds none (types included) or ones older than the
 * package's sources, so the example never runs yesterday's code; resolves with what the
 * build took, or null when dist/ was current.
 *
 * @example await ensurePackageBuilt()
 */
export async function ensurePackageBuilt(): Promise<RunReport | null> {
  const marker = join(repoRoot, 'dist/react/index.d.ts')
  const built = existsSync(marker) ? statSync(marker).mtimeMs : 0
  const changed = Math.max(...packageSources.map((path) => newestChange(join(repoRoot, path))))
  if (built > changed) return null
  const started = Date.now()
  let peakRssMb = 0
  const tsup = async (entries: Set<string>) => {
    const report = await runWhileProgressing(
      process.execPath,
      [tsupBin, '--config', 'test/nextjs/tsup.example.config.ts'],
      {
        what: `the package build for examples/nextjs (tsup: ${[...entries].join(', ') || 'the entries it imports'})`,
        cwd: repoRoot,
        env: {
          ...quietEnv,
          LATCHKIT_EXAMPLE_ENTRIES: [...entries].join(','),
        },
        capMs: PACKAGE_BUILD_CAP_MS,
      },
    )
    peakRssMb = Math.max(peakRssMb, report.peakRssMb)
  }
  // The entries the example imports import others (`latchkit/internal`): JavaScript-only
  // builds (seconds) find them in the built code; then the declarations.
  const entries = new Set<string>()
  for (;;) {
    await tsup(entries)
    const found = builtImports().filter((name) => !entries.has(name))
    if (found.length === 0) break
    for (const name of found) entries.add(name)
  }
  // The declarations of every entry, as `npm run build` makes them (one TypeScript pass).
  const types = await runWhileProgressing(process.execPath, [join(repoRoot, 'scripts/build-types.mjs')], {
    what: 'the package declarations for examples/nextjs (scripts/build-types.mjs)',
    cwd: repoRoot,
    env: quietEnv,
    capMs: PACKAGE_BUILD_CAP_MS,
  })
  peakRssMb = Math.max(peakRssMb, types.peakRssMb)
  return { ms: Date.now() - started, peakRssMb }
}

/** The package entries that the JavaScript in dist/ imports (`latchkit/internal` is `internal`). */
function builtImports(): string[] {
  const names = new Set<string>()
  const scan = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) scan(path)
      else if (entry.name.endsWith('.js')) {
        for (const name of importedEntries(readFileSync(path, 'utf8'))) names.add(name)
      }
    }
  }
  scan(join(repoRoot, 'dist'))
  return [...names]
}

/**
 * `next build` of the example; rejects, naming the step, with Next's output when the build
 * fails or stops making progress.
 *
 * @example await buildExample()
 */
export function buildExample(): Promise<RunReport> {
  return runWhileProgressing(process.execPath, [nextBin, 'build', exampleDir], {
    what: 'next build of examples/nextjs',
    cwd: exampleDir,
    env: quietEnv,
    capMs: NEXT_BUILD_CAP_MS,
  })
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
