#!/usr/bin/env node
/**
 * `latchkit-frame-service`: the embedded wallet's frame service on its own origin.
 * `--help` lists the flags; docs/server.md says what it stores and what it protects.
 * Once it runs, its output is JSON lines, as `latchkit-server`'s: `listening`, `up` for
 * the database and the service, `ready`, a `request` line per request, and
 * `stopping`/`down`/`stopped` on SIGTERM or SIGINT. It answers `/healthz` and `/readyz`
 * from the first moment.
 */
import { consoleAsJson } from '../observability/consoleAsJson.js'
import { jsonLog } from '../observability/jsonLog.js'
import { stopOnSignals } from '../stopOnSignals.js'
import { FrameCliError, frameServiceUsage, readFrameServiceArgs } from './cliArgs.js'
import { startFrameService } from './startFrameService.js'

/** How long a SIGTERM that arrives during the start waits for it (a database still opening). */
const START_GRACE_MS = 60_000

const log = jsonLog()

async function main(): Promise<void> {
  const options = readFrameServiceArgs(process.argv.slice(2), process.env)
  if (!options) {
    console.log(frameServiceUsage)
    return
  }
  consoleAsJson(log)
  const started = startFrameService(options, { log })
  // Before the start ends: a SIGTERM while the service starts stops it once it has.
  stopOnSignals(started, { log, startGraceMs: START_GRACE_MS })
  await started
}

main().catch((error: unknown) => {
  if (error instanceof FrameCliError) {
    console.error(`latchkit-frame-service: ${error.message}\n\n${frameServiceUsage}`)
    process.exit(2)
  }
  log.error('failed to start', { error })
  process.exit(1)
})
