/**
 * How `latchkit-server` says what each service it starts serves, in the `detail` of its
 * `up` log lines: enough for an operator to see the configuration took (which chains,
 * which origins, where state is kept), never a secret (a database URL's password is masked).
 */
import { redactPassword } from './db/postgres.js'
import type { ServerConfig } from './serverConfig.js'

/**
 * @example describeDatabase({ chains, database: { dataDir: '/var/lib/latchkit' } }) // 'PGlite in /var/lib/latchkit'
 */
export function describeDatabase(config: Pick<ServerConfig, 'database'>): string {
  const db = config.database
  if (db && 'url' in db) return `PostgreSQL at ${redactPassword(db.url)}`
  if (db && 'dataDir' in db && db.dataDir !== undefined) return `PGlite in ${db.dataDir}`
  if (db && 'query' in db) return 'a database client given in code'
  return 'PGlite in a temporary directory (gone on stop)'
}

/**
 * @example describeApi({ chains: [{ chainId: 1, rpcUrl }] }) // 'API for eip155:1 · no swaps · no on-ramp · browsers from its own origin only'
 */
export function describeApi(config: ServerConfig): string {
  const chains = config.chains.map((chain) => `eip155:${chain.chainId}`).join(', ')
  const swaps = config.swap ? `swaps on ${Object.keys(config.swap.chains).join(', ')}` : 'no swaps'
  const onramp = config.onramp
    ? `on-ramp through ${config.onramp.providers.map((provider) => provider.id).join(', ')}`
    : 'no on-ramp'
  const cors = config.corsOrigins?.length
    ? `browsers from ${config.corsOrigins.join(', ')}`
    : 'browsers from its own origin only'
  return `API for ${chains} · ${swaps} · ${onramp} · ${cors}`
}

/**
 * @example describeNames({ ens: { chainId: 1, … }, zones: ['names.example'], operatorKey }) // 'names on eip155:1, registering under names.example'
 */
export function describeNames(names: NonNullable<ServerConfig['names']>): string {
  return `names on eip155:${names.ens.chainId}, registering under ${names.zones.join(', ')}`
}

/**
 * @example describeAnalytics({ token: '…' }) // 'analytics collected at /v1/analytics/events (funnel behind the token)'
 */
export function describeAnalytics(access: ServerConfig['analyticsFunnelAccess']): string {
  const funnel =
    typeof access === 'object'
      ? 'funnel behind the token'
      : access === 'open'
        ? 'funnel open'
        : 'funnel not served'
  return `analytics collected at /v1/analytics/events (${funnel})`
}
