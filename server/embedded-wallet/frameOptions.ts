/**
 * What `createFrameService` takes, and the readers that check it when the service starts:
 * a set-up error (a project id too long, an origin that is not one, a chain URL that is not
 * http(s)) throws then, never at a request.
 */
import type { Context } from 'hono'
import * as z from 'zod/mini'
import type { DatabaseOption } from '../db/sqlClient.js'
import type { FrameSmtpOptions } from './mailer.js'
import type { FrameLimits } from './rateLimits.js'
import * as schemas from './schemas.js'
import type { SocialOptions } from './social.js'

export type FrameProject = {
  /** The origins that may embed the frame and log in through it, e.g. `https://app.example`. */
  allowedOrigins: readonly string[]
}

/** Sign In With Farcaster: where channels are opened, and the chain the Id Registry is read on. */
export type FarcasterOptions = {
  /** The auth relay, e.g. `https://relay.farcaster.xyz` (without `/v1`). */
  relayUrl: string
  /** An RPC of Optimism (chain id 10), where the fid's custody address is read. */
  rpcUrl: string
  /**
   * The domain the signed message must name (Sign In With Farcaster's `domain`). Default: the
   * host of the app origin the login started from, e.g. `app.example`.
   */
  domain?: string
}

export type CreateFrameServiceOptions = {
  /** Where users, codes, sessions and shares are kept; see `DatabaseOption`. Default: PGlite in memory. */
  database?: DatabaseOption
  /**
   * The service's URL as a browser reaches it (links in mail point here), e.g.
   * `https://frame.example`. Default: the origin of the request being answered.
   */
  publicUrl?: string
  /** The SMTP server mail goes through. */
  smtp: FrameSmtpOptions
  /** The projects served, by project id. */
  projects: Readonly<Record<string, FrameProject>>
  /** The RPC URL per CAIP-2 chain id (`eip155:1`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`) for `/v1/rpc/:caip2`. */
  chains?: Readonly<Record<string, string>>
  /** 32 random bytes in base64: the key shares are encrypted with at rest (and codes hashed under). */
  shareKey: string
  /**
   * Social login: the providers offered and their client credentials. The provider
   * redirects back to `<publicUrl or the request's origin>/v1/social/callback`, which is
   * the redirect URI to register with each provider.
   */
  social?: SocialOptions
  /** Farcaster login (`/v1/farcaster/*`); absent, those routes answer FARCASTER_NOT_CONFIGURED. */
  farcaster?: FarcasterOptions
  /** Any of the limits to change; see `DEFAULT_FRAME_LIMITS`. */
  limits?: Partial<FrameLimits>
  /**
   * The caller's IP address for the per-IP limit. Default the connection's remote address;
   * behind a proxy, `clientIpFromHeader('x-forwarded-for')` (see clientIp.ts).
   */
  clientIp?: (c: Context) => string | undefined
  /** The frame's script for `/frame/frame.js` (404 while it answers undefined). Default: the bundle of frame/. */
  frameScript?: () => Promise<string | undefined>
  /** The clock, in ms since the epoch (tests move it; instances should run NTP). Default `Date.now`. */
  now?: () => number
}

const isHttpUrlText = (url: string) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol)

/**
 * An http(s) origin in its canonical form; anything else is a set-up error.
 *
 * @example canonicalOrigin('https://app.example/', 'publicUrl') // 'https://app.example'
 */
export function canonicalOrigin(value: string, where: string): string {
  const url = URL.canParse(value) ? new URL(value) : undefined
  if (
    !url ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.origin !== value.replace(/\/$/, '')
  )
    throw new Error(`frame service: ${where}: ${value} is not an http(s) origin such as https://app.example`)
  return url.origin
}

/**
 * The allowed origins per project id, each canonical.
 *
 * @example readProjects({ demo: { allowedOrigins: ['http://127.0.0.1:5173'] } })
 */
export function readProjects(projects: CreateFrameServiceOptions['projects']): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const [id, project] of Object.entries(projects)) {
    if (!z.safeParse(schemas.projectId, id).success)
      throw new Error(`frame service: project id ${JSON.stringify(id)} must be 1 to 128 characters`)
    out.set(
      id,
      project.allowedOrigins.map((origin) => canonicalOrigin(origin, `project ${id}`)),
    )
  }
  return out
}

/**
 * The Farcaster options, checked (a copy); undefined when Farcaster login is off.
 *
 * @example readFarcaster({ relayUrl: 'https://relay.farcaster.xyz', rpcUrl: 'https://mainnet.optimism.io' })
 */
export function readFarcaster(options: FarcasterOptions | undefined): FarcasterOptions | undefined {
  if (options === undefined) return undefined
  for (const [where, url] of [
    ['relayUrl', options.relayUrl],
    ['rpcUrl', options.rpcUrl],
  ] as const)
    if (!isHttpUrlText(url))
      throw new Error(`frame service: farcaster.${where}: ${url} is not an http(s) URL`)
  if (options.domain !== undefined && !/^[a-z0-9.-]+(:\d{1,5})?$/i.test(options.domain))
    throw new Error(`frame service: farcaster.domain: ${options.domain} is not a host such as app.example`)
  return { ...options }
}

/**
 * The RPC URL per CAIP-2 chain id the forwarder serves.
 *
 * @example readChains({ 'eip155:31337': 'http://127.0.0.1:8545' })
 */
export function readChains(chains: CreateFrameServiceOptions['chains'] = {}): Map<string, string> {
  const out = new Map<string, string>()
  for (const [id, url] of Object.entries(chains)) {
    if (!z.safeParse(schemas.caip2, id).success)
      throw new Error(`frame service: chain ${id} is not a CAIP-2 chain id`)
    if (!isHttpUrlText(url)) throw new Error(`frame service: chain ${id}: ${url} is not an http(s) URL`)
    out.set(id, url)
  }
  return out
}
