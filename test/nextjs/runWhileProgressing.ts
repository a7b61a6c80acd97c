/**
 * Runs a long build (the package's, `next build`) as a child process and waits for it as
 * long as it makes progress, instead of a fixed time: on a busy 2-core machine the same
 * build takes 2 minutes or 15. Progress is CPU time used by the child and its descendants
 * (read from /proc) or a line of output; the wait fails when there has been neither for
 * `stallMs`, or after `capMs` in all, saying which step, why, and the output's tail.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { killOnExit } from '../../devstack/kill-on-exit.js'

export type RunWhileProgressingOptions = {
  /** Names the step in errors, e.g. "the package build for examples/nextjs (tsup)". */
  what: string
  cwd: string
  env?: NodeJS.ProcessEnv
  /** Fail when neither CPU time nor output has moved for this long. Default 5 minutes. */
  stallMs?: number
  /** Fail after this long in any case. Default 40 minutes. */
  capMs?: number
}

/** What a run took: its wall time, and the highest resident memory seen across its processes. */
export type RunReport = { ms: number; peakRssMb: number }

/**
 * @example
 * await runWhileProgressing(process.execPath, [nextBin, 'build', dir], { what: 'next build', cwd: dir })
 */
export async function runWhileProgressing(
  command: string,
  args: string[],
  options: RunWhileProgressingOptions,
): Promise<RunReport> {
  const stallMs = options.stallMs ?? 5 * 60_000
  const capMs = options.capMs ?? 40 * 60_000
  const started = Date.now()
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  killOnExit(child)
  let tail = ''
  let movedAt = started
  const onData = (chunk: string) => {
    tail = (tail + chunk).slice(-8_000)
    movedAt = Date.now()
  }
  child.stdout?.setEncoding('utf8').on('data', onData)
  child.stderr?.setEncoding('utf8').on('data', onData)
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code, signal) => resolve({ code, signal }))
  })

  // Each process's CPU time at the last look: any that grew (or a new process) is progress.
  const ticksByPid = new Map<number, number>()
  let peakRssMb = 0
  let watchError: Error | undefined
  const watch = setInterval(() => {
    const tree = processTree(child)
    peakRssMb = Math.max(peakRssMb, Math.round(tree.reduce((sum, p) => sum + p.rssKb, 0) / 1024))
    for (const p of tree) {
      if (p.cpuTicks > (ticksByPid.get(p.pid) ?? -1)) movedAt = Date.now()
      ticksByPid.set(p.pid, p.cpuTicks)
    }
    const now = Date.now()
    if (now - movedAt > stallMs)
      watchError = new Error(
        `made no progress (no CPU time, no output) for ${Math.round((now - movedAt) / 1000)} s`,
      )
    else if (now - started > capMs)
      watchError = new Error(`did not finish within ${Math.round(capMs / 60_000)} minutes`)
    if (watchError) stopTree(child)
  }, 2_000)
  try {
    const { code, signal } = await exited
    const ms = Date.now() - started
    if (watchError) throw watchError
    if (code !== 0) throw new Error(`failed (${signal ?? `exit ${code}`}) after ${Math.round(ms / 1000)} s`)
    return { ms, peakRssMb }
  } catch (error) {
    throw new Error(`${options.what} ${(error as Error).message}; its output ended with:\n${tail.trim()}`)
  } finally {
    clearInterval(watch)
  }
}

type ProcessInfo = { pid: number; ppid: number; cpuTicks: number; rssKb: number }

/** The child and every process below it, from /proc (empty where there is no /proc). */
function processTree(child: ChildProcess): ProcessInfo[] {
  if (!child.pid) return []
  const all: ProcessInfo[] = []
  let entries: string[] = []
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name))
  } catch {
    return []
  }
  for (const name of entries) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      // "pid (comm) state ppid ... utime stime ... rss": comm may hold spaces; split after ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      all.push({
        pid: Number(name),
        ppid: Number(fields[1]),
        cpuTicks: Number(fields[11]) + Number(fields[12]),
        rssKb: Number(fields[21]) * 4,
      })
    } catch {
      // the process ended while being read
    }
  }
  const tree: ProcessInfo[] = []
  const wanted = new Set([child.pid])
  // Parents come before their children in pid order only mostly: repeat until nothing is added.
  for (let added = true; added; ) {
    added = false
    for (const p of all) {
      if (!tree.includes(p) && (wanted.has(p.pid) || wanted.has(p.ppid))) {
        tree.push(p)
        wanted.add(p.pid)
        added = true
      }
    }
  }
  return tree
}

/** SIGTERM to the child's whole tree (npm does not pass it on to the build it runs). */
function stopTree(child: ChildProcess): void {
  for (const p of processTree(child).reverse()) {
    try {
      process.kill(p.pid, 'SIGTERM')
    } catch {
      // already gone
    }
  }
}
