/**
 * The app side of a Farcaster auth relay (relay.farcaster.xyz, or the devstack's): open a
 * channel for a sign-in, then read its status until the person approved in their Farcaster
 * app. The relay URL is configuration. Answers are checked before use; a relay that answers
 * something else is an error, never a sign-in.
 */
import * as z from 'zod/mini'

export type FarcasterRelayConfig = {
  /** e.g. `https://relay.farcaster.xyz`, without `/v1`. */
  relayUrl: string
  /** Per request. Default 10 s. */
  timeoutMs?: number
}

export type CreateFarcasterChannelArgs = {
  /** The sign-in page's URL, put in the message as its `uri`. */
  siweUri: string
  /** The domain the message must name, e.g. `app.example`. */
  domain: string
  /** The nonce the server issued; the relay makes one when absent. */
  nonce?: string
  notBefore?: string
  expirationTime?: string
  requestId?: string
  redirectUrl?: string
}

const channelSchema = z.object({
  channelToken: z.string().check(z.minLength(1), z.maxLength(256)),
  url: z.string().check(z.minLength(1), z.maxLength(8192)),
  nonce: z.string().check(z.minLength(1), z.maxLength(256)),
})

const statusSchema = z.object({
  state: z.enum(['pending', 'completed']),
  nonce: z.string(),
  message: z.optional(z.string()),
  signature: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]+$/))),
  fid: z.optional(z.number().check(z.int(), z.positive())),
  username: z.optional(z.string()),
  displayName: z.optional(z.string()),
  pfpUrl: z.optional(z.string()),
})

export type FarcasterChannel = z.infer<typeof channelSchema>

export type FarcasterChannelStatus =
  | { state: 'pending' }
  | {
      state: 'completed'
      nonce: string
      message: string
      signature: `0x${string}`
      fid: number
      username?: string
      displayName?: string
      pfpUrl?: string
    }
  /** The relay no longer knows the channel: expired, unknown, or its result already read. */
  | { state: 'gone' }

/** The relay answered something other than the protocol's answers. */
export class FarcasterRelayError extends Error {
  override readonly name = 'FarcasterRelayError'
}

async function call(config: FarcasterRelayConfig, path: string, init: RequestInit): Promise<Response> {
  const url = `${config.relayUrl.replace(/\/+$/, '')}/v1/${path}`
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(config.timeoutMs ?? 10_000) })
  } catch {
    throw new FarcasterRelayError('The Farcaster relay did not answer')
  }
}

async function json(response: Response): Promise<unknown> {
  try {
    return await response.json()
  } catch {
    throw new FarcasterRelayError(`The Farcaster relay answered ${response.status} without JSON`)
  }
}

/**
 * Opens a sign-in channel; `url` is the `farcaster://connect?...` URI to show as a QR code or
 * link, `channelToken` what {@link channelStatus} reads with.
 *
 * @example
 * const channel = await createChannel({ relayUrl }, { siweUri: 'https://app.example/login', domain: 'app.example', nonce })
 */
export async function createChannel(
  config: FarcasterRelayConfig,
  args: CreateFarcasterChannelArgs,
): Promise<FarcasterChannel> {
  const response = await call(config, 'channel', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(args),
  })
  const body = await json(response)
  if (response.status !== 201 && response.status !== 200) {
    throw new FarcasterRelayError(`The Farcaster relay refused the channel (${response.status})`)
  }
  const parsed = channelSchema.safeParse(body)
  if (!parsed.success) throw new FarcasterRelayError('The Farcaster relay answered a malformed channel')
  return parsed.data
}

/**
 * Reads a channel once: pending, completed (with the signed message, to verify with
 * `verifyFarcasterSignIn`), or gone. A completed result is handed out once by the relay.
 *
 * @example
 * const status = await channelStatus({ relayUrl }, channel.channelToken)
 * if (status.state === 'completed') await verifyFarcasterSignIn({ ...status, domain, nonce, rpcUrl })
 */
export async function channelStatus(
  config: FarcasterRelayConfig,
  channelToken: string,
): Promise<FarcasterChannelStatus> {
  const response = await call(config, 'channel/status', {
    headers: { authorization: `Bearer ${channelToken}` },
  })
  if (response.status === 401 || response.status === 404) {
    await response.body?.cancel()
    return { state: 'gone' }
  }
  const body = await json(response)
  if (response.status !== 200 && response.status !== 202) {
    throw new FarcasterRelayError(`The Farcaster relay refused the status (${response.status})`)
  }
  const parsed = statusSchema.safeParse(body)
  if (!parsed.success) throw new FarcasterRelayError('The Farcaster relay answered a malformed status')
  const status = parsed.data
  if (status.state === 'pending') return { state: 'pending' }
  if (status.message === undefined || status.signature === undefined || status.fid === undefined) {
    throw new FarcasterRelayError('The Farcaster relay answered a completed status without its result')
  }
  return {
    state: 'completed',
    nonce: status.nonce,
    message: status.message,
    signature: status.signature as `0x${string}`,
    fid: status.fid,
    ...(status.username !== undefined ? { username: status.username } : {}),
    ...(status.displayName !== undefined ? { displayName: status.displayName } : {}),
    ...(status.pfpUrl !== undefined ? { pfpUrl: status.pfpUrl } : {}),
  }
}
