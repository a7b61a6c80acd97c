/**
 * How the command-line servers stop: on the first SIGINT or SIGTERM the service is stopped
 * once, and the process exits 0 when it stopped cleanly, or reports the error and exits 1.
 */
import type { ServerLog } from './observability/jsonLog.js'

/**
 * Stops `service` and exits on SIGINT or SIGTERM; a second signal while it stops is ignored.
 * With `log`, the stop is logged (`stopping` with the signal, then `stopped` or `stop failed`).
 *
 * @example
 * const server = await startServer(config, { log })
 * stopOnSignals(server, log)
 */
export function stopOnSignals(service: { stop(): Promise<void> }, log?: ServerLog): void {
  let stopping = false
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    const begun = performance.now()
    log?.info('stopping', { signal })
    service.stop().then(
      () => {
        log?.info('stopped', { ms: Math.round(performance.now() - begun) })
        process.exit(0)
      },
      (error: unknown) => {
        if (log) log.error('stop failed', { error })
        else console.error(error)
        process.exit(1)
      },
    )
  }
  process.once('SIGINT', shutdown)
  process.once('SIGTERM', shutdown)
}
