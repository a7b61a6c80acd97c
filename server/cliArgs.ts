/**
 * The command line of `latchkit-server`, read into a {@link ServerConfig}. The devstack's
 * API command reads its shared flags with the same parsers.
 */
import { parseArgs } from 'node:util'
import type { Hex } from 'viem'
import { MIN_FUNNEL_TOKEN_LENGTH } from './analytics/funnelAccess.js'
import type { SwapSettings } from './api/apiContext.js'
import type { ChainConfig } from './api/chainConfig.js'
import { DEFAULT_MAX_BODY_BYTES } from './api/inputGuard.js'
import { checksumAddress, isHexAddress } from './checksumAddress.js'
import { redactPassword } from './db/postgres.js'
import type { ServerConfig, ServerNames, ServerRelay } from './serverConfig.js'

export const DEFAULT_PORT = 8787

/** The largest `--max-body-bytes` taken: 100 MiB. */
export const MAX_BODY_BYTES_CEILING = 100 * 1024 * 1024

export const serverUsage = `Usage: latchkit-server --config <file> [--port <port>] [--host <address>]
       latchkit-server init [<file>] [--force]
       latchkit-server --rpc <chainId>=<url> [options]

  --config <file>            start what the config file names (latchkit.config.json, .js or .ts;
                             every field in docs/server-config.md); --port and --host override it
  init [<file>]              write a starter config, commented (default latchkit.config.json);
                             --force replaces one that exists

Without a config file, the flags say what to serve:

  --rpc <chainId>=<url>      a chain to serve and its JSON-RPC URL; repeat per chain
                             (e.g. --rpc 1=https://rpc.example/1 --rpc 8453=https://rpc.example/8453)
  --port <port>              default $PORT, else ${DEFAULT_PORT}
  --host <address>           default 127.0.0.1 (this machine only); 0.0.0.0 for every interface
  --allowed-origin <origin>  an origin allowed to embed the widget (GET /projects/v1/origins); repeat
  --cors-origin <origin>     a browser origin allowed to call the API and RPC gateway (CORS), e.g.
                             https://app.example; repeat per origin. Default: none (same-origin only)
  --siwe-origin <origin>     serve sign-in (/siwe/*) for the app at this origin; repeat per origin
  --swap-chain <caip2>=<router>,<weth>
                             serve swaps (/v1/convert/*) on an --rpc chain through its Uniswap V2
                             Router02 and that router's WETH; repeat per chain, e.g.
                             --swap-chain eip155:1=0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D,0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2
                             (default: none, and the convert routes answer 400 for every chain)
  --names-ens <chainId>=<registry>,<publicResolver>,<universalResolver>
                             serve names (/v1/profile/*, /v1/identity/*) from the ENS contracts
                             on an --rpc chain, e.g. --names-ens 1=0x0000…2e1e,0x231b…8E63,0xeeee…eeee
  --names-zone <zone>        register names under this zone (its registry node owned by the
                             operator key in $LATCHKIT_NAMES_OPERATOR_KEY); repeat per zone.
                             Needs --names-ens
  --analytics                collect the widget's analytics events (POST /v1/analytics/events) in
                             the database and show their connect funnel (GET /analytics) to
                             whoever gives the token in $LATCHKIT_ANALYTICS_TOKEN (16 characters
                             or more; without it the funnel is not served)
  --relay                    serve a WalletConnect relay (WebSocket upgrades on /relay, or on the path
                             of --relay-public-url), its undelivered messages kept in the database
  --relay-public-url <url>   the ws:// or wss:// URL wallets and dapps connect to, as their relay-auth
                             tokens name it (default ws://<host>:<port>/relay); needs --relay
  --relay-project-id <id>    a WalletConnect project id allowed to use the relay; repeat. Default: any
  --database-url <url>       keep state on this PostgreSQL server (default $DATABASE_URL)
  --data-dir <dir>           keep state in the embedded database (PGlite) in this directory
                             (sign-in sessions, registered names, analytics events, relay messages)
  --max-body-bytes <bytes>   the largest request body read; a larger one answers 413
                             (default ${DEFAULT_MAX_BODY_BYTES}, 1 MiB)
  --help                     this text

Without --database-url or --data-dir, state lives in memory and is gone when the server stops.`

/** A mistake on the command line: the message says what to write instead. */
export class CliError extends Error {
  override name = 'CliError'
}

/**
 * @example parsePort('8787', '--port') // 8787
 */
export function parsePort(value: string, flag: string): number {
  const port = Number(value)
  if (!/^\d+$/.test(value) || port > 65535) throw new CliError(`${flag} ${value}: not a port (0-65535)`)
  return port
}

/**
 * @example parseRpc(['31337=http://127.0.0.1:8545']) // [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' }]
 */
export function parseRpc(values: readonly string[]): ChainConfig[] {
  const chains = values.map((value) => {
    const match = /^(\d+)=(https?:\/\/.+)$/.exec(value)
    if (!match)
      throw new CliError(`--rpc ${value}: expected <chainId>=<http url>, e.g. 31337=http://127.0.0.1:8545`)
    return { chainId: Number(match[1]), rpcUrl: match[2] as string }
  })
  const ids = chains.map((chain) => chain.chainId)
  const repeated = ids.find((id, i) => ids.indexOf(id) !== i)
  if (repeated !== undefined) throw new CliError(`--rpc: chain ${repeated} is given twice`)
  return chains
}

/**
 * The swap chains of `--swap-chain eip155:<id>=<router>,<weth>`; each must be a chain the
 * server serves (`served`, its `--rpc` ids). Undefined when none is given.
 *
 * @example parseSwapChains(['eip155:1=0x7a25…488D,0xC02a…6Cc2'], [1]) // { chains: { 'eip155:1': { router, weth } } }
 */
export function parseSwapChains(
  values: readonly string[],
  served: readonly number[],
): SwapSettings | undefined {
  if (values.length === 0) return undefined
  const chains: SwapSettings['chains'] = {}
  for (const value of values) {
    const match = /^eip155:(\d{1,15})=(0x[0-9a-fA-F]{40}),(0x[0-9a-fA-F]{40})$/.exec(value)
    if (!match || !isHexAddress(match[2]!) || !isHexAddress(match[3]!))
      throw new CliError(
        `--swap-chain ${value}: expected eip155:<chainId>=<router address>,<weth address>, e.g. eip155:1=0x7a25…,0xC02a…`,
      )
    const chainId = Number(match[1])
    const key = `eip155:${chainId}`
    if (!served.includes(chainId))
      throw new CliError(`--swap-chain ${value}: chain ${chainId} is not given with --rpc`)
    if (Object.hasOwn(chains, key)) throw new CliError(`--swap-chain: chain ${chainId} is given twice`)
    chains[key] = { router: checksumAddress(match[2]!), weth: checksumAddress(match[3]!) }
  }
  return { chains }
}

/**
 * Origins as browsers send them in `Origin` (`http(s)://host[:port]`); a trailing slash is
 * dropped, anything else after the port is refused.
 *
 * @example parseOrigins(['https://app.example/'], '--cors-origin') // ['https://app.example']
 */
export function parseOrigins(values: readonly string[], flag: string): string[] {
  return values.map((value) => {
    const url = URL.canParse(value) ? new URL(value) : undefined
    if (
      !url ||
      (url.protocol !== 'http:' && url.protocol !== 'https:') ||
      url.username !== '' ||
      url.password !== '' ||
      url.pathname !== '/' ||
      url.search !== '' ||
      url.hash !== '' ||
      !/^https?:\/\/[^/]+\/?$/.test(value)
    )
      throw new CliError(
        `${flag} ${value}: expected an origin, scheme://host[:port], e.g. https://app.example`,
      )
    return url.origin
  })
}

/**
 * @example parseMaxBodyBytes('2097152') // 2097152
 */
export function parseMaxBodyBytes(value: string): number {
  const bytes = Number(value)
  if (!/^\d+$/.test(value) || bytes < 1024 || bytes > MAX_BODY_BYTES_CEILING)
    throw new CliError(
      `--max-body-bytes ${value}: a whole number of bytes from 1024 to ${MAX_BODY_BYTES_CEILING}`,
    )
  return bytes
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const ZONE = /^(?:[a-z0-9-]{1,63}\.)*[a-z0-9-]{1,63}$/

/**
 * The names service of `--names-ens <chainId>=<registry>,<publicResolver>,<universalResolver>`
 * and `--names-zone` (repeated), its operator key from the environment (a key on the
 * command line would show in every process list). Undefined when neither flag is given.
 *
 * @example parseNames('1=0x…,0x…,0x…', ['names.example'], [1], { LATCHKIT_NAMES_OPERATOR_KEY: '0x…' })
 */
export function parseNames(
  ens: string | undefined,
  zones: readonly string[],
  served: readonly number[],
  env: { LATCHKIT_NAMES_OPERATOR_KEY?: string | undefined },
): ServerNames | undefined {
  if (ens === undefined && zones.length === 0) return undefined
  if (ens === undefined)
    throw new CliError(
      '--names-zone needs --names-ens <chainId>=<registry>,<publicResolver>,<universalResolver>',
    )
  const match = /^(\d{1,15})=([^,]+),([^,]+),([^,]+)$/.exec(ens)
  const addresses = match?.slice(2) ?? []
  if (!match || !addresses.every((address) => ADDRESS.test(address)))
    throw new CliError(
      `--names-ens ${ens}: expected <chainId>=<registry>,<publicResolver>,<universalResolver> (three 0x addresses)`,
    )
  const chainId = Number(match[1])
  if (!served.includes(chainId))
    throw new CliError(`--names-ens ${ens}: chain ${chainId} is not given with --rpc`)
  if (zones.length === 0)
    throw new CliError('--names-ens needs at least one --names-zone to register names under')
  const badZone = zones.find((zone) => !ZONE.test(zone))
  if (badZone !== undefined)
    throw new CliError(`--names-zone ${badZone}: expected a lower-case DNS name, e.g. names.example`)
  const operatorKey = env.LATCHKIT_NAMES_OPERATOR_KEY
  if (!operatorKey || !/^0x[0-9a-fA-F]{64}$/.test(operatorKey))
    throw new CliError(
      'names need LATCHKIT_NAMES_OPERATOR_KEY: the 0x private key (64 hex digits) that owns each zone in the ENS registry',
    )
  const [registry, publicResolver, universalResolver] = addresses.map((address) => checksumAddress(address))
  return {
    ens: {
      chainId,
      registry: registry!,
      publicResolver: publicResolver!,
      universalResolver: universalResolver!,
    },
    zones: [...zones],
    operatorKey: operatorKey as Hex,
  }
}

/**
 * The relay of `--relay`, `--relay-public-url` and `--relay-project-id` (repeated).
 * Undefined when `--relay` is not given.
 *
 * @example parseRelay(true, 'wss://api.example/relay', ['my-project']) // { publicUrl: 'wss://api.example/relay', projectIds: ['my-project'] }
 */
export function parseRelay(
  enabled: boolean,
  publicUrl: string | undefined,
  projectIds: readonly string[],
): ServerRelay | undefined {
  if (!enabled) {
    if (publicUrl !== undefined || projectIds.length > 0)
      throw new CliError('--relay-public-url and --relay-project-id need --relay')
    return undefined
  }
  if (publicUrl !== undefined) {
    const url = URL.canParse(publicUrl) ? new URL(publicUrl) : undefined
    if (!url || (url.protocol !== 'ws:' && url.protocol !== 'wss:') || url.search !== '' || url.hash !== '')
      throw new CliError(
        `--relay-public-url ${publicUrl}: expected a ws:// or wss:// URL without a query, e.g. wss://api.example/relay`,
      )
  }
  const badId = projectIds.find((id) => !/^[A-Za-z0-9_-]{1,128}$/.test(id))
  if (badId !== undefined)
    throw new CliError(`--relay-project-id ${badId}: expected letters, digits, - or _ (a project id)`)
  return {
    ...(publicUrl !== undefined && { publicUrl }),
    ...(projectIds.length > 0 && { projectIds: [...projectIds] }),
  }
}

/** The database flags, checked against each other: one place for the state, and only with a service that keeps any. */
export function parseDatabase(
  values: { 'database-url'?: string | undefined; 'data-dir'?: string | undefined },
  env: { DATABASE_URL?: string | undefined },
  hasStatefulService: boolean,
): ServerConfig['database'] {
  const url = values['database-url']
  const dataDir = values['data-dir']
  if (url !== undefined && dataDir !== undefined)
    throw new CliError('give --database-url or --data-dir, not both: state lives in one database')
  if ((url !== undefined || dataDir !== undefined) && !hasStatefulService)
    throw new CliError(
      `${url !== undefined ? '--database-url' : '--data-dir'} needs --siwe-origin, --names-zone, --analytics or --relay: sign-in, names, analytics and the relay are the services that keep state`,
    )
  if (url !== undefined) {
    if (!/^postgres(ql)?:\/\//.test(url))
      throw new CliError(
        `--database-url ${redactPassword(url)}: expected postgres://user:password@host:5432/db`,
      )
    return { url }
  }
  if (dataDir !== undefined) return { dataDir }
  if (env.DATABASE_URL && hasStatefulService) return { url: env.DATABASE_URL }
  return undefined
}

const flags = {
  config: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  rpc: { type: 'string', multiple: true },
  'allowed-origin': { type: 'string', multiple: true },
  'cors-origin': { type: 'string', multiple: true },
  'siwe-origin': { type: 'string', multiple: true },
  'swap-chain': { type: 'string', multiple: true },
  'names-ens': { type: 'string' },
  'names-zone': { type: 'string', multiple: true },
  analytics: { type: 'boolean' },
  relay: { type: 'boolean' },
  'relay-public-url': { type: 'string' },
  'relay-project-id': { type: 'string', multiple: true },
  'database-url': { type: 'string' },
  'data-dir': { type: 'string' },
  'max-body-bytes': { type: 'string' },
  help: { type: 'boolean' },
} as const

function parseFlags(args: readonly string[]) {
  try {
    return parseArgs({ args: [...args], options: flags }).values
  } catch (error) {
    // Unknown flags and missing values: node's message names the flag.
    throw new CliError(error instanceof Error ? error.message : String(error))
  }
}

/** The starter config's default name. */
export const DEFAULT_CONFIG_FILE = 'latchkit.config.json'

/** What the command line asks for. */
export type ServerCommand =
  | { kind: 'help' }
  | { kind: 'init'; file: string; force: boolean }
  | { kind: 'config'; file: string; port?: number; host?: string }
  | { kind: 'flags'; config: ServerConfig }

/**
 * The command: `init`, `--config` (with at most `--port` and `--host` beside it), or the flags.
 *
 * @example readServerCommand(['--config', 'latchkit.config.json', '--port', '9000'], process.env) // { kind: 'config', file, port: 9000 }
 */
export function readServerCommand(
  args: readonly string[],
  env: Parameters<typeof readServerArgs>[1],
): ServerCommand {
  if (args[0] === 'init') {
    let parsed: ReturnType<
      typeof parseArgs<{ args: string[]; options: { force: { type: 'boolean' } }; allowPositionals: true }>
    >
    try {
      parsed = parseArgs({
        args: args.slice(1),
        options: { force: { type: 'boolean' } },
        allowPositionals: true,
      })
    } catch (error) {
      throw new CliError(`init: ${error instanceof Error ? error.message : String(error)}`)
    }
    if (parsed.positionals.length > 1) throw new CliError('init takes one file name')
    return {
      kind: 'init',
      file: parsed.positionals[0] ?? DEFAULT_CONFIG_FILE,
      force: parsed.values.force === true,
    }
  }
  const values = parseFlags(args)
  if (values.config === undefined) {
    const config = readServerArgs(args, env)
    return config ? { kind: 'flags', config } : { kind: 'help' }
  }
  const others = Object.keys(values).filter((flag) => !['config', 'port', 'host'].includes(flag))
  if (others.length > 0)
    throw new CliError(
      `--config takes --port and --host beside it, not ${others.map((flag) => `--${flag}`).join(', ')}: write the rest in the config file`,
    )
  return {
    kind: 'config',
    file: values.config,
    ...(values.port !== undefined && { port: parsePort(values.port, '--port') }),
    ...(values.host !== undefined && { host: values.host }),
  }
}

/**
 * Reads the command line; `undefined` when `--help` was asked for.
 *
 * @example readServerArgs(['--rpc', '1=https://rpc.example/1', '--port', '8080'], process.env)
 */
export function readServerArgs(
  args: readonly string[],
  env: {
    PORT?: string | undefined
    DATABASE_URL?: string | undefined
    LATCHKIT_NAMES_OPERATOR_KEY?: string | undefined
    LATCHKIT_ANALYTICS_TOKEN?: string | undefined
  },
): ServerConfig | undefined {
  const values = parseFlags(args)
  if (values.help) return undefined
  const chains = parseRpc(values.rpc ?? [])
  if (chains.length === 0) throw new CliError('give at least one chain: --rpc <chainId>=<url>')
  const siweOrigins = values['siwe-origin'] ?? []
  const corsOrigins = parseOrigins(values['cors-origin'] ?? [], '--cors-origin')
  const names = parseNames(
    values['names-ens'],
    values['names-zone'] ?? [],
    chains.map((chain) => chain.chainId),
    env,
  )
  const analytics = values.analytics === true
  const funnelToken = env.LATCHKIT_ANALYTICS_TOKEN
  if (funnelToken !== undefined && funnelToken.length < MIN_FUNNEL_TOKEN_LENGTH)
    throw new CliError(`LATCHKIT_ANALYTICS_TOKEN must be at least ${MIN_FUNNEL_TOKEN_LENGTH} characters`)
  const relay = parseRelay(
    values.relay === true,
    values['relay-public-url'],
    values['relay-project-id'] ?? [],
  )
  const database = parseDatabase(
    values,
    env,
    siweOrigins.length > 0 || names !== undefined || analytics || relay !== undefined,
  )
  const swap = parseSwapChains(
    values['swap-chain'] ?? [],
    chains.map((chain) => chain.chainId),
  )
  const port =
    values.port !== undefined
      ? parsePort(values.port, '--port')
      : env.PORT
        ? parsePort(env.PORT, 'PORT')
        : DEFAULT_PORT
  return {
    port,
    ...(values.host !== undefined && { host: values.host }),
    chains,
    allowedOrigins: values['allowed-origin'] ?? [],
    corsOrigins,
    siweOrigins,
    maxBodyBytes:
      values['max-body-bytes'] === undefined
        ? DEFAULT_MAX_BODY_BYTES
        : parseMaxBodyBytes(values['max-body-bytes']),
    ...(database && { database }),
    ...(swap && { swap }),
    ...(names && { names }),
    ...(analytics && { analytics, analyticsFunnelAccess: funnelToken ? { token: funnelToken } : 'closed' }),
    ...(relay && { relay }),
  }
}
