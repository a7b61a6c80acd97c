/**
 * `latchkit-server` (and `latchkit-frame-service`, with runFrameServiceCli) run as an integrator runs it: the command in a process of its own,
 * its JSON-line output read as it comes. Tests wait on what it says (a `ready` line, a
 * request logged), each wait capped generously and failing with the whole output, never
 * on a fixed sleep: on a loaded 2-core machine the start took from 1 s to 25 s.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { killOnExit } from '../../devstack/kill-on-exit'

/** How long a wait on the server's progress may take before the test fails with its output. */
export const SERVER_WAIT_MS = 120_000

export type LogLine = { msg?: string; level?: string; [field: string]: unknown }

export type ServerProcess = {
  child: ChildProcess
  /** Everything it wrote, stdout and stderr. */
  output(): string
  /** Its stdout lines, each parsed as JSON (a line that is not JSON fails the parse). */
  lines(): LogLine[]
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>
  /** The first line `matches` accepts, once written; throws with the output if the process ends first or the cap passes. */
  waitForLine(matches: (line: LogLine) => boolean, what: string, capMs?: number): Promise<LogLine>
  /** Its URL, once every service is up (the `ready` line). */
  ready(): Promise<string>
}

/**
 * @example
 * const server = runServerCli(['--config', file])
 * const url = await server.ready()
 */
export function runServerCli(args: readonly string[], env: Record<string, string> = {}): ServerProcess {
  return runJsonLinesProcess(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], { env })
}

/**
 * `latchkit-frame-service`, its output JSON lines as `latchkit-server`'s.
 *
 * @example
 * const frame = runFrameServiceCli([...flags, '--port', '0'], { LATCHKIT_FRAME_SHARE_KEY: key })
 * const url = await frame.ready()
 */
export function runFrameServiceCli(args: readonly string[], env: Record<string, string> = {}): ServerProcess {
  return runJsonLinesProcess(
    process.execPath,
    ['--import', 'tsx', 'server/embedded-wallet/cli.ts', ...args],
    {
      env,
      name: 'latchkit-frame-service',
    },
  )
}

export type JsonLinesProcessOptions = {
  /** Added to this process's environment (DATABASE_URL and PORT are cleared first). */
  env?: Record<string, string>
  cwd?: string
  /** What the failures call it. Default `latchkit-server`. */
  name?: string
}

/**
 * Any command that writes JSON lines as latchkit-server does (the installed
 * `latchkit-server`, `npm run devstack:deploy`), read the same way.
 *
 * @example
 * const server = runJsonLinesProcess('node_modules/.bin/latchkit-server', ['--config', file], { cwd: app })
 */
export function runJsonLinesProcess(
  command: string,
  args: readonly string[],
  { env = {}, cwd, name = 'latchkit-server' }: JsonLinesProcessOptions = {},
): ServerProcess {
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATABASE_URL: '', PORT: '', ...env },
    ...(cwd ? { cwd } : {}),
  })
  killOnExit(child)
  let output = ''
  let stdout = ''
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk
    stdout += chunk
  })
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const lines = () =>
    stdout
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as LogLine)
  const waitForLine = async (matches: (line: LogLine) => boolean, what: string, capMs = SERVER_WAIT_MS) => {
    const deadline = Date.now() + capMs
    for (;;) {
      const complete = stdout.slice(0, stdout.lastIndexOf('\n') + 1)
      const found = complete
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as LogLine)
        .find(matches)
      if (found) return found
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`${name} ended before ${what}:\n${output}`)
      if (Date.now() > deadline) throw new Error(`${name}: no ${what} within ${capMs} ms:\n${output}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  return {
    child,
    output: () => output,
    lines,
    exited,
    waitForLine,
    ready: async () => (await waitForLine((line) => line.msg === 'ready', 'ready line')).url as string,
  }
}
