import type { ChildProcess } from 'node:child_process'

/**
 * Stops tracked indexer processes when this process goes away, so an interrupted test run
 * or demo leaves none behind. SIGINT, not SIGKILL: Ponder then releases its database lock,
 * where a killed process keeps the schema locked for 25 s. A SIGKILL of the parent is
 * covered by spawning under `setpriv --pdeathsig INT` (startEvmIndexer.ts). Listeners are
 * attached only while something is tracked.
 */
const tracked = new Set<ChildProcess>()
const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

function interruptAll(): void {
  for (const child of tracked) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT')
  }
  tracked.clear()
  detach()
}

function onSignal(signal: NodeJS.Signals): void {
  interruptAll()
  // Listening to a signal cancels Node's default exit: re-raise it when nobody else listens.
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal)
}

function attach(): void {
  process.on('exit', interruptAll)
  for (const s of signals) process.on(s, onSignal)
}

function detach(): void {
  process.removeListener('exit', interruptAll)
  for (const s of signals) process.removeListener(s, onSignal)
}

/**
 * Tracks `child` until it exits; it gets SIGINT if this process exits first.
 *
 * @example interruptWithParent(spawn(process.execPath, [ponderBin, 'start']))
 */
export function interruptWithParent(child: ChildProcess): void {
  if (tracked.size === 0) attach()
  tracked.add(child)
  child.once('exit', () => {
    tracked.delete(child)
    if (tracked.size === 0) detach()
  })
}
