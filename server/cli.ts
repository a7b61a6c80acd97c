#!/usr/bin/env node
/**
 * `latchkit-server`: the services an integrator deploys, on one port. `--help` lists the
 * flags; docs/server.md says what each service answers and how to run several instances.
 */
import { CliError, readServerArgs, serverUsage } from './cliArgs.js'
import { redactPassword } from './db/postgres.js'
import { type ServerConfig, startServer } from './startServer.js'
import { stopOnSignals } from './stopOnSignals.js'

function describeDatabase(config: ServerConfig): string {
  const db = config.database
  if (!config.siweOrigins?.length && !config.names && !config.analytics && !config.relay)
    return 'no state kept'
  if (db && 'url' in db) return `PostgreSQL at ${redactPassword(db.url)}`
  if (db && 'dataDir' in db && db.dataDir !== undefined) return `PGlite in ${db.dataDir}`
  return 'PGlite in memory (gone on stop)'
}

async function main(): Promise<void> {
  const config = readServerArgs(process.argv.slice(2), process.env)
  if (!config) {
    console.log(serverUsage)
    return
  }
  const server = await startServer(config)
  const chains = config.chains.map((chain) => `eip155:${chain.chainId}`).join(', ')
  const signIn = config.siweOrigins?.length ? `sign-in for ${config.siweOrigins.join(', ')}` : 'no sign-in'
  const cors = config.corsOrigins?.length
    ? `browsers from ${config.corsOrigins.join(', ')}`
    : 'browsers from its own origin only (--cors-origin allows your app)'
  const swaps = config.swap ? `swaps on ${Object.keys(config.swap.chains).join(', ')}` : 'no swaps'
  const names = config.names
    ? `names on eip155:${config.names.ens.chainId}, registering under ${config.names.zones.join(', ')}`
    : 'no names'
  const funnel =
    typeof config.analyticsFunnelAccess === 'object' ? 'funnel behind the token' : 'funnel not served'
  const analytics = config.analytics
    ? `analytics collected at /v1/analytics/events (${funnel})`
    : 'no analytics'
  const relay = server.relayUrl ? `WalletConnect relay at ${server.relayUrl}` : 'no relay'
  console.log(
    `latchkit-server: ${server.url} · API for ${chains} · ${swaps} · ${names} · ${analytics} · ${relay} · ${cors} · ${signIn} · ${describeDatabase(config)}`,
  )
  stopOnSignals(server)
}

main().catch((error: unknown) => {
  if (error instanceof CliError) {
    console.error(`latchkit-server: ${error.message}\n\n${serverUsage}`)
    process.exit(2)
  }
  console.error('latchkit-server:', error instanceof Error ? error.message : error)
  process.exit(1)
})
