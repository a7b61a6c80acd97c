import type { ChildProcess } from 'node:child_process'

/**
 * Kills tracked child processes when this process goes away, so a crashed or interrupted
 * test run leaves no anvil behind. Covers normal exit and SIGINT/SIGTERM/SIGHUP; a SIGKILL
 * of the parent is covered separately by spawning under `setpriv --pdeathsig` (see anvil.ts).
 * Listeners are attached only while something is tracked, so the host process's own
 * signal handling is untouched the rest of the time.
 */
const tracked = new Set<ChildProcess>()
const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

function killAll(): void {
  for (const child of tracked) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  }
  tracked.clear()
  detach()
}

function onSignal(signal: NodeJS.Signals): void {
  killAll()
  // Listening to a signal cancels Node's default "exit". When nobody else listens, we
  // re-raise it (our listener is gone now) so the process still dies as it was asked to.
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal)
}

function attach(): void {
  process.on('exit', killAll)
  for (const s of signals) process.on(s, onSignal)
}

function detach(): void {
  process.removeListener('exit', killAll)
  for (const s of signals) process.removeListener(s, onSignal)
}

/** Tracks `child` until it exits; it is SIGKILLed if this process exits first. */
export function killOnExit(child: ChildProcess): void {
  if (tracked.size === 0) attach()
  tracked.add(child)
  child.once('exit', () => {
    tracked.delete(child)
    if (tracked.size === 0) detach()
  })
}
