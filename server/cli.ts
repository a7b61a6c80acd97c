#!/usr/bin/env node
/**
 * `latchkit-server`: the services an integrator deploys. `--config <file>` starts what a
 * config file names (`init` writes a starter one); the flags still serve the common case.
 * `--help` lists both; docs/server.md says what each service answers, and
 * docs/server-config.md every field of the file.
 * Once it runs, its output is JSON lines: `listening`, one `up` per service, `ready`, a
 * `request` line per request, and `stopping`/`down`/`stopped` on SIGTERM or SIGINT.
 */
import { existsSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { CliError, readServerCommand, serverUsage } from './cliArgs.js'
import { loadConfigFile } from './config/loadConfigFile.js'
import { ConfigError, readServerConfig } from './config/readServerConfig.js'
import { STARTER_CONFIG } from './config/starterConfig.js'
import { consoleAsJson } from './observability/consoleAsJson.js'
import { jsonLog } from './observability/jsonLog.js'
import type { ServerConfig } from './serverConfig.js'
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

/** Writes the starter config, never over a file that exists unless asked to. */
function init(file: string, force: boolean): void {
  if (existsSync(file) && !force) throw new CliError(`init: ${file} exists (--force replaces it)`)
  writeFileSync(file, STARTER_CONFIG)
  console.log(`latchkit-server: wrote ${file}; start it with npx latchkit-server --config ${file}`)
}

/** The configuration the command line names: from the config file, or from the flags. */
async function configOf(args: readonly string[]): Promise<ServerConfig | undefined> {
  const command = readServerCommand(args, process.env)
  if (command.kind === 'help') {
    console.log(serverUsage)
    return undefined
  }
  if (command.kind === 'init') {
    init(command.file, command.force)
    return undefined
  }
  if (command.kind === 'flags') return command.config
  const config = readServerConfig(await loadConfigFile(command.file), {
    env: process.env,
    baseDir: dirname(command.file),
    source: command.file,
  })
  return {
    ...config,
    ...(command.port !== undefined && { port: command.port }),
    ...(command.host !== undefined && { host: command.host }),
  }
}

async function main(): Promise<void> {
  const config = await configOf(process.argv.slice(2))
  if (!config) return
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
  if (error instanceof ConfigError) {
    console.error(`latchkit-server: ${error.message}`)
    process.exit(2)
  }
  log.error('failed to start', { error })
  process.exit(1)
})
