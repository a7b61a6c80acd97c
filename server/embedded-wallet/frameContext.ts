/**
 * What the frame service's route modules share: the database, the clock, the limits, the
 * projects (changed in place by `setAllowedOrigins`), the mailer, the share cipher, the
 * caller's IP, the error answer, the session middleware, and the checks every route group
 * makes of a project and its origins. Each route module takes the whole context and uses
 * what its endpoints need.
 */
import type { Context } from 'hono'
import type { Database, SqlClient } from '../db/sqlClient.js'
import { connectionIp } from './clientIp.js'
import { openFrameDatabase } from './database.js'
import { type DeviceSessionCheck, deviceSessionCheck } from './deviceSession.js'
import { FrameServiceError } from './errors.js'
import { frameFailure } from './frameFailure.js'
import {
  type CreateFrameServiceOptions,
  canonicalOrigin,
  type FarcasterOptions,
  readChains,
  readFarcaster,
  readProjects,
} from './frameOptions.js'
import { createMailer, type FrameMailer } from './mailer.js'
import { DEFAULT_FRAME_LIMITS, type FrameLimits, hitRateLimits } from './rateLimits.js'
import { type CodeHasher, codeHasher } from './secrets.js'
import { sessionMiddleware } from './sessionMiddleware.js'
import { createShareCipher, readShareKey, type ShareCipher } from './shareCipher.js'
import { flowSecrets, readSocialProviders } from './social.js'

export type FrameContext = {
  sql: SqlClient
  /** The clock, in ms since the epoch. */
  now: () => number
  limits: FrameLimits
  /** The allowed origins per project id. */
  projects: Map<string, string[]>
  /** The RPC URL per CAIP-2 chain id. */
  chains: ReadonlyMap<string, string>
  /** The service's own origin as browsers reach it, when configured. */
  publicUrl: string | undefined
  mailer: FrameMailer
  cipher: ShareCipher
  hashCode: CodeHasher
  /** The PKCE verifier and nonce of a social flow's state. */
  deriveFlow: ReturnType<typeof flowSecrets>
  socialProviders: ReturnType<typeof readSocialProviders>
  farcaster: FarcasterOptions | undefined
  clientIp: (c: Context) => string | undefined
  loadFrameScript: () => Promise<string | undefined>
  /** Aborted on close: ends every device wait under way. */
  closing: AbortSignal
  /** The JSON refusal; see frameFailure.ts. */
  fail: typeof frameFailure
  /** The session check, for a route where a session is optional. */
  requireSession: DeviceSessionCheck
} & ReturnType<typeof sessionMiddleware> &
  ProjectChecks

type ProjectChecks = {
  /** The project's allowed origins; `UNKNOWN_PROJECT` when it is not configured. */
  projectOrigins(projectId: string): string[]
  /** `ORIGIN_NOT_ALLOWED` unless the project allows `parentOrigin`. */
  requireAllowedOrigin(projectId: string, parentOrigin: string): void
  /** Where links in mail and redirect URIs point: the public URL, else the request's origin. */
  linkBase(c: Context): string
  /** Counts a mail-sending request against the address, the caller's IP and the project. */
  countMail(c: Context, projectId: string, address: string): Promise<void>
  /** Counts a request against the caller's IP, in the bucket `<kind>:<ip>`. */
  countCaller(c: Context, kind: string): Promise<void>
}

/** The frame's bundled script (frame/assets.ts: the prebuilt file, or bundled on first use). */
async function bundledFrameScript(): Promise<string> {
  // Loaded on the first request for it: a service that never serves the frame never reads it.
  const { loadFrameScript } = await import('./frame/assets.js')
  return loadFrameScript()
}

/**
 * Checks the options (a set-up error throws here), opens the database and the mailer.
 *
 * @example
 * const { context, close } = await openFrameContext(options)
 * app.route('/', emailRoutes(context))
 */
export async function openFrameContext(
  options: CreateFrameServiceOptions,
): Promise<{ context: FrameContext; stopWaiting(): void; close(): Promise<void> }> {
  const key = readShareKey(options.shareKey)
  const projects = readProjects(options.projects)
  const chains = readChains(options.chains)
  const publicUrl =
    options.publicUrl === undefined ? undefined : canonicalOrigin(options.publicUrl, 'publicUrl')
  const limits: FrameLimits = { ...DEFAULT_FRAME_LIMITS, ...options.limits }
  const now = options.now ?? Date.now
  const clientIp = options.clientIp ?? connectionIp
  const cipher = await createShareCipher(key)
  const socialProviders = readSocialProviders(options.social)
  const farcaster = readFarcaster(options.farcaster)
  const db: Database = await openFrameDatabase(options.database)
  const sql = db.sql
  const mailer = createMailer(options.smtp)
  const closing = new AbortController()

  const projectOrigins = (id: string): string[] => {
    const origins = projects.get(id)
    if (!origins) throw new FrameServiceError('UNKNOWN_PROJECT')
    return origins
  }
  /** Every route that acts on a session: the live session of the device the request names. */
  const requireSession = deviceSessionCheck({
    sql,
    now,
    originAllowed: (projectId, origin) => projects.get(projectId)?.includes(origin) ?? false,
  })
  const context: FrameContext = {
    sql,
    now,
    limits,
    projects,
    chains,
    publicUrl,
    mailer,
    cipher,
    hashCode: codeHasher(key),
    deriveFlow: flowSecrets(key),
    socialProviders,
    farcaster,
    clientIp,
    loadFrameScript: options.frameScript ?? bundledFrameScript,
    closing: closing.signal,
    fail: frameFailure,
    requireSession,
    ...sessionMiddleware(requireSession),
    projectOrigins,
    requireAllowedOrigin(id, parentOrigin) {
      if (!projectOrigins(id).includes(parentOrigin)) throw new FrameServiceError('ORIGIN_NOT_ALLOWED')
    },
    linkBase: (c) => publicUrl ?? new URL(c.req.url).origin,
    countMail(c, projectId, address) {
      const ip = clientIp(c) ?? 'unknown'
      return hitRateLimits(sql, now(), limits.windowSeconds, [
        { bucket: `email:${projectId}:${address}`, limit: limits.perEmail },
        { bucket: `ip:${ip}`, limit: limits.perIp },
        { bucket: `project:${projectId}`, limit: limits.perProject },
      ])
    },
    countCaller(c, kind) {
      const ip = clientIp(c) ?? 'unknown'
      return hitRateLimits(sql, now(), limits.windowSeconds, [
        { bucket: `${kind}:${ip}`, limit: limits.perIp },
      ])
    },
  }
  return {
    context,
    stopWaiting: () => closing.abort(),
    async close() {
      closing.abort()
      mailer.close()
      await db.close()
    },
  }
}
