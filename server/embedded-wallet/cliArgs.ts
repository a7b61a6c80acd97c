/**
 * The command line of the frame service (`latchkit-frame-service`, server/embedded-wallet/cli.ts),
 * read into {@link StartFrameServiceOptions}. Secrets come from the environment only, never
 * from flags (which any user of the machine can read in the process list): the share key
 * from `LATCHKIT_FRAME_SHARE_KEY`, the SMTP password inside `LATCHKIT_FRAME_SMTP_URL`.
 */
import { parseArgs } from 'node:util'
import * as z from 'zod/mini'
import { redactPassword } from '../db/postgres.js'
import { clientIpFromHeader } from './clientIp.js'
import type { FarcasterOptions } from './createFrameService.js'
import type { SocialOptions } from './social.js'
import { SOCIAL_PROVIDERS } from './socialProviders.js'
import type { StartFrameServiceOptions } from './startFrameService.js'

export const DEFAULT_FRAME_PORT = 8794

export const frameServiceUsage = `Usage: latchkit-frame-service --project <id>=<origin>[,<origin>...] --mail-from <address> [options]

  --project <id>=<origins>   a project and the origins allowed to embed its frame, comma-separated;
                             repeat per project (e.g. --project my-app=https://app.example)
  --chain <caip2>=<url>      a chain's JSON-RPC URL for the frame's reads and sends; repeat
                             (e.g. --chain eip155:1=https://rpc.example/1)
  --mail-from <address>      the sender of login mail, e.g. "My App <login@app.example>"
  --smtp-url <url>           the SMTP server, smtp://host:587 (STARTTLS when offered) or
                             smtps://host:465; default $LATCHKIT_FRAME_SMTP_URL. Put a password
                             in the environment variable, not here
  --public-url <url>         the service's URL as browsers reach it (links in mail); default the
                             URL each request came to
  --client-ip-header <name>  behind a proxy or load balancer: count the per-IP limit against the
                             last address in this header (e.g. X-Forwarded-For), not the proxy's
  --farcaster-relay-url <url>
                             Farcaster login through this auth relay (e.g. https://relay.farcaster.xyz);
                             give --farcaster-rpc-url with it
  --farcaster-rpc-url <url>  an Optimism (chain id 10) JSON-RPC URL, where fids' custody addresses are read
  --farcaster-domain <host>  the domain the signed message names; default the app origin's host
  --port <port>              default $PORT, else ${DEFAULT_FRAME_PORT}
  --host <address>           default 127.0.0.1 (this machine only); 0.0.0.0 for every interface
  --database-url <url>       keep state on this PostgreSQL server (default $DATABASE_URL); give it
                             to every instance behind a load balancer
  --data-dir <dir>           keep state in the embedded database (PGlite) in this directory
  --help                     this text

Environment: LATCHKIT_FRAME_SHARE_KEY (required) is 32 random bytes in base64
(openssl rand -base64 32): it encrypts the shares at rest; the same on every instance.
LATCHKIT_FRAME_SOCIAL (optional) is the social providers as JSON, by name (google, github,
apple, facebook, x, discord): {"google":{"kind":"oidc","issuer":"https://accounts.google.com",
"clientId":"...","clientSecret":"...","scopes":["openid","email"]}}; the redirect URI to
register with each is <public URL>/v1/social/callback.
Without --database-url or --data-dir, state lives in memory and is gone when the service stops.`

/** A mistake on the command line: the message says what to write instead. */
export class FrameCliError extends Error {
  override name = 'FrameCliError'
}

const flags = {
  project: { type: 'string', multiple: true },
  chain: { type: 'string', multiple: true },
  'mail-from': { type: 'string' },
  'smtp-url': { type: 'string' },
  'public-url': { type: 'string' },
  'client-ip-header': { type: 'string' },
  'farcaster-relay-url': { type: 'string' },
  'farcaster-rpc-url': { type: 'string' },
  'farcaster-domain': { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  'database-url': { type: 'string' },
  'data-dir': { type: 'string' },
  help: { type: 'boolean' },
} as const

export type FrameServiceEnv = {
  PORT?: string | undefined
  DATABASE_URL?: string | undefined
  LATCHKIT_FRAME_SHARE_KEY?: string | undefined
  LATCHKIT_FRAME_SMTP_URL?: string | undefined
  LATCHKIT_FRAME_SOCIAL?: string | undefined
}

const urlText = z.string().check(z.maxLength(2048))
/** One provider in LATCHKIT_FRAME_SOCIAL; the service checks the URLs themselves at start. */
const socialProviderJson = z.strictObject({
  kind: z.enum(['oidc', 'oauth2']),
  issuer: urlText,
  authorizationEndpoint: z.optional(urlText),
  tokenEndpoint: z.optional(urlText),
  userinfoEndpoint: z.optional(urlText),
  clientId: z.string().check(z.minLength(1), z.maxLength(512)),
  clientSecret: z.string().check(z.minLength(1), z.maxLength(2048)),
  scopes: z.array(z.string().check(z.maxLength(256))),
})
const socialJson = z.partialRecord(z.enum(SOCIAL_PROVIDERS), socialProviderJson)

/**
 * The social providers from LATCHKIT_FRAME_SOCIAL (it holds client secrets, so it is read
 * from the environment only).
 *
 * @example parseSocialEnv('{"google":{"kind":"oidc","issuer":"https://accounts.google.com","clientId":"id","clientSecret":"s","scopes":["openid"]}}')
 */
export function parseSocialEnv(value: string): SocialOptions {
  let raw: unknown
  try {
    raw = JSON.parse(value)
  } catch {
    throw new FrameCliError('LATCHKIT_FRAME_SOCIAL is not JSON')
  }
  const parsed = z.safeParse(socialJson, raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new FrameCliError(
      `LATCHKIT_FRAME_SOCIAL: ${issue?.path.join('.') || 'the value'}: ${issue?.message ?? 'invalid'} (providers by name: ${SOCIAL_PROVIDERS.join(', ')})`,
    )
  }
  return { providers: parsed.data }
}

/**
 * Farcaster login from its three flags: none, or the relay and the chain-10 RPC together
 * (the service checks the URLs themselves at start).
 *
 * @example parseFarcasterFlags({ 'farcaster-relay-url': 'https://relay.farcaster.xyz', 'farcaster-rpc-url': 'https://mainnet.optimism.io' })
 */
export function parseFarcasterFlags(values: {
  'farcaster-relay-url'?: string | undefined
  'farcaster-rpc-url'?: string | undefined
  'farcaster-domain'?: string | undefined
}): FarcasterOptions | undefined {
  const relayUrl = values['farcaster-relay-url']
  const rpcUrl = values['farcaster-rpc-url']
  const domain = values['farcaster-domain']
  if (relayUrl === undefined && rpcUrl === undefined && domain === undefined) return undefined
  if (relayUrl === undefined || rpcUrl === undefined)
    throw new FrameCliError(
      'Farcaster login needs both --farcaster-relay-url and --farcaster-rpc-url (an Optimism RPC)',
    )
  for (const [flag, url] of [
    ['--farcaster-relay-url', relayUrl],
    ['--farcaster-rpc-url', rpcUrl],
  ] as const)
    if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
      throw new FrameCliError(`${flag} ${url}: expected an http(s) URL`)
  return { relayUrl, rpcUrl, ...(domain !== undefined ? { domain } : {}) }
}

function parsePort(value: string, flag: string): number {
  const port = Number(value)
  if (!/^\d+$/.test(value) || port > 65535) throw new FrameCliError(`${flag} ${value}: not a port (0-65535)`)
  return port
}

/**
 * @example parseProjects(['demo=http://127.0.0.1:5173,http://localhost:5173'])
 * // { demo: { allowedOrigins: ['http://127.0.0.1:5173', 'http://localhost:5173'] } }
 */
export function parseProjects(values: readonly string[]): StartFrameServiceOptions['projects'] {
  const projects: Record<string, { allowedOrigins: string[] }> = {}
  for (const value of values) {
    const match = /^([A-Za-z0-9_-]{1,128})=(.*)$/.exec(value)
    if (!match)
      throw new FrameCliError(
        `--project ${value}: expected <id>=<origin>[,<origin>...], e.g. my-app=https://app.example`,
      )
    const id = match[1] as string
    const origins = (match[2] as string).split(',').filter((origin) => origin !== '')
    for (const origin of origins) {
      const url = URL.canParse(origin) ? new URL(origin) : undefined
      if (!url || !/^https?:$/.test(url.protocol) || url.origin !== origin.replace(/\/$/, ''))
        throw new FrameCliError(`--project ${id}: ${origin} is not an origin such as https://app.example`)
    }
    if (projects[id]) throw new FrameCliError(`--project ${id} is given twice`)
    projects[id] = { allowedOrigins: origins }
  }
  return projects
}

/**
 * @example parseChains(['eip155:31337=http://127.0.0.1:8545']) // { 'eip155:31337': 'http://127.0.0.1:8545' }
 */
export function parseChains(values: readonly string[]): Record<string, string> {
  const chains: Record<string, string> = {}
  for (const value of values) {
    const match = /^([-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32})=(https?:\/\/.+)$/.exec(value)
    if (!match)
      throw new FrameCliError(
        `--chain ${value}: expected <caip2>=<http url>, e.g. eip155:1=https://rpc.example/1`,
      )
    chains[match[1] as string] = match[2] as string
  }
  return chains
}

/**
 * The SMTP server from its URL: `smtp://[user:pass@]host[:port]` (default port 587) or
 * `smtps://...` (TLS from the start, default port 465).
 *
 * @example parseSmtpUrl('smtp://127.0.0.1:2525') // { host: '127.0.0.1', port: 2525, secure: false }
 */
export function parseSmtpUrl(value: string): {
  host: string
  port: number
  secure: boolean
  auth?: { user: string; pass: string }
} {
  const url = URL.canParse(value) ? new URL(value) : undefined
  if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || url.hostname === '')
    throw new FrameCliError(
      `the SMTP URL ${redactPassword(value)}: expected smtp://host:587 or smtps://user:pass@host:465`,
    )
  const secure = url.protocol === 'smtps:'
  const port = url.port === '' ? (secure ? 465 : 587) : Number(url.port)
  const user = decodeURIComponent(url.username)
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port,
    secure,
    ...(user ? { auth: { user, pass: decodeURIComponent(url.password) } } : {}),
  }
}

/**
 * Reads the command line and environment; `undefined` when `--help` was asked for.
 *
 * @example readFrameServiceArgs(['--project', 'demo=http://127.0.0.1:5173', '--mail-from', 'login@app.example'], process.env)
 */
export function readFrameServiceArgs(
  args: readonly string[],
  env: FrameServiceEnv,
): StartFrameServiceOptions | undefined {
  let values: ReturnType<typeof parseArgs<{ args: string[]; options: typeof flags }>>['values']
  try {
    values = parseArgs({ args: [...args], options: flags }).values
  } catch (error) {
    throw new FrameCliError(error instanceof Error ? error.message : String(error))
  }
  if (values.help) return undefined
  const projects = parseProjects(values.project ?? [])
  if (Object.keys(projects).length === 0)
    throw new FrameCliError('give at least one project: --project <id>=<origin>[,<origin>...]')
  const from = values['mail-from']
  if (!from) throw new FrameCliError('give the sender of login mail: --mail-from <address>')
  const smtpUrl = values['smtp-url'] ?? (env.LATCHKIT_FRAME_SMTP_URL || undefined)
  if (!smtpUrl) throw new FrameCliError('give the SMTP server: --smtp-url <url> or LATCHKIT_FRAME_SMTP_URL')
  const shareKey = env.LATCHKIT_FRAME_SHARE_KEY
  if (!shareKey)
    throw new FrameCliError(
      'set LATCHKIT_FRAME_SHARE_KEY to 32 random bytes in base64 (openssl rand -base64 32)',
    )
  const url =
    values['database-url'] ?? (values['data-dir'] === undefined ? env.DATABASE_URL || undefined : undefined)
  if (values['database-url'] !== undefined && values['data-dir'] !== undefined)
    throw new FrameCliError('give --database-url or --data-dir, not both: state lives in one database')
  if (url !== undefined && !/^postgres(ql)?:\/\//.test(url))
    throw new FrameCliError(
      `${values['database-url'] === undefined ? 'DATABASE_URL' : '--database-url'} ${redactPassword(url)}: expected postgres://user:password@host:5432/db`,
    )
  const publicUrl = values['public-url']
  if (publicUrl !== undefined && (!URL.canParse(publicUrl) || !/^https?:$/.test(new URL(publicUrl).protocol)))
    throw new FrameCliError(`--public-url ${publicUrl}: expected the service's http(s) URL`)
  const ipHeader = values['client-ip-header']
  if (ipHeader !== undefined && !/^[A-Za-z0-9-]{1,64}$/.test(ipHeader))
    throw new FrameCliError(`--client-ip-header ${ipHeader}: expected a header name such as X-Forwarded-For`)
  const farcaster = parseFarcasterFlags(values)
  const port =
    values.port !== undefined
      ? parsePort(values.port, '--port')
      : env.PORT
        ? parsePort(env.PORT, 'PORT')
        : DEFAULT_FRAME_PORT
  return {
    port,
    ...(values.host !== undefined && { host: values.host }),
    ...(publicUrl !== undefined && { publicUrl: new URL(publicUrl).origin }),
    ...(ipHeader !== undefined && { clientIp: clientIpFromHeader(ipHeader.toLowerCase()) }),
    projects,
    chains: parseChains(values.chain ?? []),
    smtp: { ...parseSmtpUrl(smtpUrl), from },
    shareKey,
    ...(env.LATCHKIT_FRAME_SOCIAL ? { social: parseSocialEnv(env.LATCHKIT_FRAME_SOCIAL) } : {}),
    ...(farcaster !== undefined ? { farcaster } : {}),
    ...(url !== undefined
      ? { database: { url } }
      : values['data-dir'] !== undefined
        ? { database: { dataDir: values['data-dir'] } }
        : {}),
  }
}
