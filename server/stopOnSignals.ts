/**
 * How the command-line servers stop: on the first SIGINT or SIGTERM the service is stopped
 * once, and the process exits 0 when it stopped cleanly, or prints the error and exits 1.
 */

/**
 * Stops `service` and exits on SIGINT or SIGTERM; a second signal while it stops is ignored.
 *
 * @example
 * const server = await startServer(config)
 * stopOnSignals(server)
 */
export function stopOnSignals(service: { stop(): Promise<void> }): void {
  let stopping = false
  const shutdown = () => {
    if (stopping) return
    stopping = true
    service.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  }
  process.once('SIGINT', shutdown)
  process.once('SIGTERM', shutdown)
}
