#!/usr/bin/env node
/**
 * `latchkit-frame-service`: the embedded wallet's frame service on its own origin.
 * `--help` lists the flags; docs/server.md says what it stores and what it protects.
 */
import { redactPassword } from '../db/postgres.js'
import { stopOnSignals } from '../stopOnSignals.js'
import { FrameCliError, frameServiceUsage, readFrameServiceArgs } from './cliArgs.js'
import { startFrameService } from './startFrameService.js'

async function main(): Promise<void> {
  const options = readFrameServiceArgs(process.argv.slice(2), process.env)
  if (!options) {
    console.log(frameServiceUsage)
    return
  }
  const started = await startFrameService(options)
  const database = options.database
  const where =
    database && 'url' in database
      ? `PostgreSQL at ${redactPassword(database.url)}`
      : database && 'dataDir' in database && database.dataDir !== undefined
        ? `PGlite in ${database.dataDir}`
        : 'PGlite in memory (gone on stop)'
  console.log(
    `latchkit-frame-service: ${started.url} · projects ${Object.keys(options.projects).join(', ')} · mail via ${options.smtp.host}:${options.smtp.port} · ${where}`,
  )
  stopOnSignals(started)
}

main().catch((error: unknown) => {
  if (error instanceof FrameCliError) {
    console.error(`latchkit-frame-service: ${error.message}\n\n${frameServiceUsage}`)
    process.exit(2)
  }
  console.error('latchkit-frame-service:', error instanceof Error ? error.message : error)
  process.exit(1)
})
