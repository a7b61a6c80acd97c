/**
 * Runs the local API server from the command line, for `npm run demo`, tests and by hand.
 * It takes the flags of `latchkit-server` (server/cliArgs.ts) and serves what the
 * devstack adds: fixture tokens, prices and wallets, the fault switch, the on-ramp stand-in.
 *
 *   tsx devstack/api/cli.ts [--port 8787] [--rpc 31337=http://127.0.0.1:8545 ...]
 *     [--siwe-origin http://127.0.0.1:5173 ...] [--data-dir .devstack/sessions/5173 | --database-url postgres://...]
 *     [--cors-origin http://127.0.0.1:5173 ...] [--max-body-bytes 1048576] [--request-log 1000]
 *     [--swap-chain eip155:31337=<router>,<weth> ...]
 *
 * `--cors-origin` names the pages allowed to call it (default: any page on this machine);
 * `--request-log` how many calls the request log keeps (default 1,000; 0 turns it off).
 * `--siwe-origin` (once per origin of the app) serves sign-in under `/siwe/*`, bound to
 * those origins; `--swap-chain` replaces the default swaps (every chain through the fixture
 * Uniswap); `--data-dir` (or its older name `--siwe-data-dir`) keeps its sessions on
 * disk, `--database-url` on a PostgreSQL server (default: in memory). With `--rpc` it
 * serves chains that are already running (the demo's); without, it starts the fixture
 * chains itself and stops them on exit. It prints one line,
 * `LATCHKIT_API_URL=http://127.0.0.1:<port>`, once it is ready, so a parent process can
 * read the URL from stdout.
 */
import { parseArgs } from 'node:util'
import {
  parseDatabase,
  parseMaxBodyBytes,
  parseOrigins,
  parsePort,
  parseRpc,
  parseSwapChains,
} from '../../server/cliArgs.js'
import { startChains } from '../chain.js'
import { FIXTURE_CHAIN_IDS } from '../fixtures.js'
import { startApiServer } from './server.js'

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      rpc: { type: 'string', multiple: true },
      'allowed-origin': { type: 'string', multiple: true },
      'siwe-origin': { type: 'string', multiple: true },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      'siwe-data-dir': { type: 'string' },
      'cors-origin': { type: 'string', multiple: true },
      'max-body-bytes': { type: 'string' },
      'request-log': { type: 'string' },
      'swap-chain': { type: 'string', multiple: true },
    },
  })
  const requestLog = values['request-log']
  if (requestLog !== undefined && !/^\d{1,7}$/.test(requestLog))
    throw new Error(`--request-log ${requestLog}: how many calls to keep, 0 to turn the log off`)
  const siweOrigins = values['siwe-origin'] ?? []
  const db = parseDatabase(
    { 'database-url': values['database-url'], 'data-dir': values['data-dir'] ?? values['siwe-data-dir'] },
    {},
    siweOrigins.length > 0,
  )
  const port = values.port === undefined ? undefined : parsePort(values.port, '--port')
  const given = parseRpc(values.rpc ?? [])

  // Read before any chain starts: a bad flag leaves nothing running.
  const swap = parseSwapChains(
    values['swap-chain'] ?? [],
    given.length > 0 ? given.map((chain) => chain.chainId) : FIXTURE_CHAIN_IDS,
  )

  const own = given.length > 0 ? undefined : await startChains()
  const chains = own ? own.chains : given
  const api = await startApiServer({
    chains,
    port,
    host: values.host,
    settings: {
      ...(values['allowed-origin'] && { allowedOrigins: values['allowed-origin'] }),
      ...(swap && { swap }),
    },
    ...(values['cors-origin'] && { corsOrigins: parseOrigins(values['cors-origin'], '--cors-origin') }),
    ...(values['max-body-bytes'] !== undefined && {
      maxBodyBytes: parseMaxBodyBytes(values['max-body-bytes']),
    }),
    ...(requestLog !== undefined && { requestLog: Number(requestLog) }),
    ...(siweOrigins.length > 0 && { siwe: { origin: siweOrigins, ...(db && { db }) } }),
  })
  console.log(`LATCHKIT_API_URL=${api.url}`)
  console.error(`latchkit api: serving ${chains.map((c) => `eip155:${c.chainId}`).join(', ')} at ${api.url}`)

  const shutdown = async () => {
    await api.stop()
    await own?.stop()
    process.exit(0)
  }
  process.once('SIGINT', shutdown)
  process.once('SIGTERM', shutdown)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
