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
import { ConfigError } from './config/configError.js'
import { STARTER_CONFIG } from './config/starterConfig.js'
import { consoleAsJson } from './observability/consoleAsJson.js'
import { jsonLog } from './observability/jsonLog.js'
import type { ServerConfig } from './serverConfig.js'
import { startServer } from './startServer.js'
import { stopOnSignals } from './stopOnSignals.js'

/** How long a SIGTERM that arrives during the start waits for it, unless `shutdownGraceMs` is set. */
const DEFAULT_START_GRACE_MS = 60_000

const log = jsonLog()

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
  // Loaded for a config file only: zod and the written forms cost the flags nothing.
  const [{ loadConfigFile }, { readServerConfig }] = await Promise.all([
    import('./config/loadConfigFile.js'),
    import('./config/readServerConfig.js'),
  ])
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
  const started = startServer(config, { log })
  // Before the start ends: a SIGTERM while the services start stops them once they have.
  // A start under way gets longer than a request: opening the embedded database took 8 to
  // 15 s on a busy 2-core machine, and cutting it short exits 1 with half-made state.
  stopOnSignals(started, { log, startGraceMs: config.shutdownGraceMs ?? DEFAULT_START_GRACE_MS })
  await started
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
