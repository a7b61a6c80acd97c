/**
 * How the command-line servers stop: on the first SIGINT or SIGTERM the service is stopped
 * once, and the process exits 0 when it stopped cleanly, or reports the error and exits 1.
 *
 * The handlers are installed once, before the service starts, and never swapped: Node
 * delivers a signal to the listener that was there when it arrived, so a listener replaced
 * between the signal and its delivery (one for "while starting", one for "once started")
 * would lose it, and the process would run on. A signal during the start waits for it.
 */
import type { ServerLog } from './observability/jsonLog.js'

type Stoppable = { stop(): Promise<void> }

/**
 * Stops `service` (or the service `service` resolves to, once it has started) and exits on
 * SIGINT or SIGTERM; a second signal while it stops is ignored. With `log`, the stop is
 * logged (`stopping` with the signal, then `stopped` or `stop failed`). A start that has
 * not ended within `startGraceMs` of the signal (a database that never answers) exits 1.
 *
 * @example
 * const started = startServer(config, { log })
 * stopOnSignals(started, { log })
 * await started
 */
export function stopOnSignals(
  service: Stoppable | Promise<Stoppable>,
  options: { log?: ServerLog; startGraceMs?: number } = {},
): void {
  const { log } = options
  let running: Stoppable | undefined = service instanceof Promise ? undefined : service
  // A start that fails ends the process elsewhere; here it only means there is nothing to stop.
  if (service instanceof Promise)
    service.then(
      (started) => (running = started),
      () => {},
    )
  let stopping = false
  const fail = (error: unknown) => {
    if (log) log.error('stop failed', { error })
    else console.error(error)
    process.exit(1)
  }
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    const begun = performance.now()
    log?.info('stopping', { signal, ...(running === undefined && { while: 'starting' }) })
    if (running === undefined)
      setTimeout(
        () => fail(new Error('a service did not finish starting within the shutdown grace')),
        options.startGraceMs ?? 10_000,
      ).unref()
    Promise.resolve(service)
      .then((started) => started.stop())
      .then(() => {
        log?.info('stopped', { ms: Math.round(performance.now() - begun) })
        process.exit(0)
      }, fail)
  }
  process.on('SIGINT', shutdown)
  process.on('SIGTERM', shutdown)
}
