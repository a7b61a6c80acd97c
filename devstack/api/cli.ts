/**
 * Runs the local API server from the command line, for `npm run demo` and by hand.
 *
 *   tsx devstack/api/cli.ts [--port 8787] [--rpc 31337=http://127.0.0.1:8545 ...]
 *     [--siwe-origin http://127.0.0.1:5173 ...] [--siwe-data-dir .devstack/sessions/5173]
 *
 * `--siwe-origin` (once per origin of the app) serves sign-in under `/siwe/*`, bound to
 * those origins; `--siwe-data-dir` keeps its sessions on disk (default: in memory).
 * With `--rpc` it serves chains that are already running (the demo's); without, it starts
 * the fixture chains itself and stops them on exit. It prints one line,
 * `LATCHKIT_API_URL=http://127.0.0.1:<port>`, once it is ready, so a parent process can
 * read the URL from stdout.
 */
import { parseArgs } from 'node:util'
import { startChains } from '../chain.js'
import type { ApiChain } from './chainReader.js'
import { startApiServer } from './server.js'

function parseRpc(values: string[]): ApiChain[] {
  return values.map((value) => {
    const match = /^(\d+)=(https?:\/\/.+)$/.exec(value)
    if (!match)
      throw new Error(`--rpc ${value}: expected <chainId>=<http url>, e.g. 31337=http://127.0.0.1:8545`)
    return { chainId: Number(match[1]), rpcUrl: match[2] as string }
  })
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      rpc: { type: 'string', multiple: true },
      'allowed-origin': { type: 'string', multiple: true },
      'siwe-origin': { type: 'string', multiple: true },
      'siwe-data-dir': { type: 'string' },
    },
  })
  const siweOrigins = values['siwe-origin'] ?? []
  const siweDataDir = values['siwe-data-dir']
  if (siweDataDir !== undefined && siweOrigins.length === 0)
    throw new Error(
      '--siwe-data-dir needs --siwe-origin: sign-in is bound to the origin of the app that uses it',
    )
  const port = values.port === undefined ? undefined : Number(values.port)
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535))
    throw new Error(`--port ${values.port}: not a port`)

  const own = values.rpc?.length ? undefined : await startChains()
  const chains = own ? own.chains : parseRpc(values.rpc ?? [])
  const api = await startApiServer({
    chains,
    port,
    host: values.host,
    settings: values['allowed-origin'] ? { allowedOrigins: values['allowed-origin'] } : undefined,
    ...(siweOrigins.length > 0 && {
      siwe: { origin: siweOrigins, ...(siweDataDir !== undefined && { db: { dataDir: siweDataDir } }) },
    }),
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
