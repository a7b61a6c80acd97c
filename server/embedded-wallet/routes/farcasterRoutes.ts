/**
 * Farcaster login. start: a channel at the relay for a nonce made here (stored hashed), the
 * flow bound to the project, device and app origin under an opaque id; the relay's channel
 * token never leaves the service. finish: the relay's status for that flow; once the
 * person approved, the flow is used up by one UPDATE before the signature is checked (the
 * relay hands a result out once), then the verifier decides: the message must name the
 * flow's domain and nonce and be signed by the fid's custody address on chain 10.
 */
import { randomBytes } from 'node:crypto'
import { Hono } from 'hono'
import { readBody } from '../../api/parseInput.js'
import { FrameServiceError, frameErrors } from '../errors.js'
import { channelStatus, createChannel, FarcasterRelayError } from '../farcaster/relayClient.js'
import { FarcasterSignInError, verifyFarcasterSignIn } from '../farcaster/verifySignIn.js'
import {
  FARCASTER_FLOW_TTL_SECONDS,
  findFarcasterFlow,
  recordFarcasterUser,
  spendFarcasterFlow,
  storeFarcasterFlow,
} from '../farcasterFlows.js'
import type { FrameContext } from '../frameContext.js'
import type { FarcasterOptions } from '../frameOptions.js'
import { userForIdentity } from '../identities.js'
import { logInOnDevice } from '../logInOnDevice.js'
import * as schemas from '../schemas.js'
import { hashToken, newToken } from '../secrets.js'

/** A Sign In With Farcaster nonce: the relay takes 8 to 96 alphanumerics; this is 192 random bits in hex. */
const newFarcasterNonce = () => randomBytes(24).toString('hex')
/** The longest profile picture URL a Farcaster finish passes on. */
const MAX_PFP_URL_LENGTH = 2048
/** The longest username a Farcaster finish passes on: longer than any fname or ENS name. */
const MAX_USERNAME_LENGTH = 256

/**
 * Whether `value` is an absolute http(s) URL of at most `maxLength` characters, as written:
 * it starts with the scheme (no leading blanks the URL parser would drop) and has no blanks.
 */
const isHttpUrl = (value: string, maxLength: number) =>
  value.length <= maxLength && /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value)

/** A relay that did not answer is the service's RELAY_UNAVAILABLE. */
async function atRelay<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof FarcasterRelayError) throw new FrameServiceError('RELAY_UNAVAILABLE')
    throw error
  }
}

/** The fid that signed, or the refusal the verifier's finding maps to. */
async function verifiedFid(args: Parameters<typeof verifyFarcasterSignIn>[0]): Promise<number> {
  try {
    return (await verifyFarcasterSignIn(args)).fid
  } catch (error) {
    if (!(error instanceof FarcasterSignInError)) throw error
    if (error.code === 'NOT_CUSTODY') throw new FrameServiceError('FARCASTER_NOT_CUSTODY')
    if (error.code === 'CHAIN_UNAVAILABLE') throw new FrameServiceError('CHAIN_UNAVAILABLE')
    throw new FrameServiceError(
      'FARCASTER_SIGNIN_INVALID',
      `${frameErrors.FARCASTER_SIGNIN_INVALID.message} (${error.code})`,
    )
  }
}

export function farcasterRoutes(ctx: FrameContext): Hono {
  const { sql, now } = ctx
  const routes = new Hono()

  const requireFarcaster = (): FarcasterOptions => {
    if (!ctx.farcaster) throw new FrameServiceError('FARCASTER_NOT_CONFIGURED')
    return ctx.farcaster
  }

  routes.post('/v1/farcaster/start', async (c) => {
    const body = await readBody(c, schemas.farcasterStartBody, 'POST /v1/farcaster/start')
    ctx.requireAllowedOrigin(body.projectId, body.parentOrigin)
    const config = requireFarcaster()
    await ctx.countCaller(c, 'farcaster-ip')
    const at = now()
    const expiresAt = new Date(at + FARCASTER_FLOW_TTL_SECONDS * 1000).toISOString()
    const domain = config.domain ?? new URL(body.parentOrigin).host
    const nonce = newFarcasterNonce()
    const channel = await atRelay(() =>
      createChannel(
        { relayUrl: config.relayUrl },
        // The message expires with the flow: a signature outlives neither.
        { siweUri: body.parentOrigin, domain, nonce, expirationTime: expiresAt },
      ),
    )
    // A relay that swapped the nonce, or hands out something else than a sign-in URI, is not used.
    if (channel.nonce !== nonce || !channel.url.startsWith('farcaster://'))
      throw new FrameServiceError('RELAY_UNAVAILABLE')
    const channelId = newToken()
    await storeFarcasterFlow(sql, {
      channelId,
      projectId: body.projectId,
      deviceId: body.deviceId,
      parentOrigin: body.parentOrigin,
      domain,
      channelToken: channel.channelToken,
      nonce,
      createdAt: new Date(at).toISOString(),
      expiresAt,
    })
    return c.json({ url: channel.url, channelId })
  })

  routes.post('/v1/farcaster/finish', async (c) => {
    const body = await readBody(c, schemas.farcasterFinishBody, 'POST /v1/farcaster/finish')
    const config = requireFarcaster()
    const idHash = hashToken(body.channelId)
    // Another device's finish never reaches the relay: it would read (and so use up) the result.
    const flow = await findFarcasterFlow(sql, now(), {
      idHash,
      projectId: body.projectId,
      deviceId: body.deviceId,
    })
    if (!flow || flow.used) throw new FrameServiceError('FARCASTER_FLOW_INVALID')
    if (flow.expired) throw new FrameServiceError('FARCASTER_FLOW_EXPIRED')
    // The origin may have been taken off the project since the flow started.
    ctx.requireAllowedOrigin(body.projectId, flow.parent_origin)
    const status = await atRelay(() => channelStatus({ relayUrl: config.relayUrl }, flow.channel_token))
    if (status.state === 'pending') return c.json({ state: 'pending' as const })
    // The relay forgot the channel (its own expiry) or handed the result to another finish.
    if (status.state === 'gone') throw new FrameServiceError('FARCASTER_FLOW_EXPIRED')
    const at = new Date(now()).toISOString()
    if (!(await spendFarcasterFlow(sql, idHash, at))) throw new FrameServiceError('FARCASTER_FLOW_INVALID')
    // The nonce the relay reports must be the one made here; the verifier then holds the
    // signed message to it.
    if (hashToken(status.nonce) !== flow.nonce_hash) throw new FrameServiceError('FARCASTER_SIGNIN_INVALID')
    const fid = await verifiedFid({
      message: status.message,
      signature: status.signature,
      fid: status.fid,
      domain: flow.domain,
      nonce: status.nonce,
      rpcUrl: config.rpcUrl,
    })
    // The username is the relay's (a hub's) word, kept for display; the fid is what was
    // signed. One longer than any fname or ENS name is dropped rather than passed on.
    const username =
      status.username !== undefined && status.username.length <= MAX_USERNAME_LENGTH ? status.username : null
    // The profile picture is the relay's word too, passed on for display only (not stored):
    // an http(s) URL of at most 2048 characters, anything else (javascript:, data:) is null.
    const pfpUrl =
      status.pfpUrl !== undefined && isHttpUrl(status.pfpUrl, MAX_PFP_URL_LENGTH) ? status.pfpUrl : null
    const userId = await userForIdentity(
      sql,
      now(),
      { project_id: body.projectId, provider: 'farcaster', link_user_id: null },
      'farcaster',
      { subject: String(fid), emailVerified: false, ...(username !== null ? { name: username } : {}) },
    )
    await recordFarcasterUser(sql, idHash, userId)
    const login = await logInOnDevice(sql, now, {
      userId,
      projectId: body.projectId,
      deviceId: body.deviceId,
      parentOrigin: flow.parent_origin,
      approvedAt: at,
    })
    return c.json({
      state: 'completed' as const,
      ...login,
      provider: 'farcaster' as const,
      parentOrigin: flow.parent_origin,
      fid,
      username,
      pfpUrl,
    })
  })

  return routes
}
