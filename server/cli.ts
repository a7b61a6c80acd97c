#!/usr/bin/env node
/**
 * `latchkit-server`: the services an integrator deploys, on one port. `--help` lists the
 * flags; docs/server.md says what each service answers and how to run several instances.
 * Once it runs, its output is JSON lines: `listening`, one `up` per service, `ready`, a
 * `request` line per request, and `stopping`/`down`/`stopped` on SIGTERM or SIGINT.
 */
import { CliError, readServerArgs, serverUsage } from './cliArgs.js'
import { consoleAsJson } from './observability/consoleAsJson.js'
import { jsonLog } from './observability/jsonLog.js'
import { DEFAULT_SHUTDOWN_GRACE_MS, startServer } from './startServer.js'
import { stopOnSignals } from './stopOnSignals.js'

const log = jsonLog()

/**
 * A signal that arrives while the services start: the stop waits for the start to end,
 * then stops what started; a start that never ends (a database that accepts the
 * connection and never answers) is given up on after the shutdown grace.
 */
function stopAfterStart(graceMs: number): { requested: () => boolean; forget: () => void } {
  let signal: NodeJS.Signals | undefined
  const onSignal = (received: NodeJS.Signals) => {
    if (signal) return
    signal = received
    log.info('stopping', { signal, while: 'starting' })
    setTimeout(() => {
      log.error('stop failed', { error: 'a service did not finish starting within the shutdown grace' })
      process.exit(1)
    }, graceMs).unref()
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  return {
    requested: () => signal !== undefined,
    forget: () => {
      process.off('SIGINT', onSignal)
      process.off('SIGTERM', onSignal)
    },
  }
}

async function main(): Promise<void> {
  const config = readServerArgs(process.argv.slice(2), process.env)
  if (!config) {
    console.log(serverUsage)
    return
  }
  consoleAsJson(log)
  const early = stopAfterStart(config.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS)
  const server = await startServer(config, { log })
  early.forget()
  if (early.requested()) {
    const begun = performance.now()
    await server.stop()
    log.info('stopped', { ms: Math.round(performance.now() - begun) })
    process.exit(0)
  }
  stopOnSignals(server, log)
}

main().catch((error: unknown) => {
  if (error instanceof CliError) {
    console.error(`latchkit-server: ${error.message}\n\n${serverUsage}`)
    process.exit(2)
  }
  log.error('failed to start', { error })
  process.exit(1)
})
