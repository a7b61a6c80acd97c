/**
 * The frame's calls to its own service (same origin, JSON, the session token as a bearer
 * token and this device's id in the `Latchkit-Device-Id` header: the service refuses a
 * session that does not come with the device it was made on). Every answer is parsed before use; a refusal becomes a ServiceRequestError with
 * the service's `code` and its message, which is written for people.
 */
import * as z from 'zod/mini'

export class ServiceRequestError extends Error {
  override name = 'ServiceRequestError'
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

/** The header the service reads the device id of a session call from (deviceSession.ts). */
const DEVICE_ID_HEADER = 'latchkit-device-id'

const refusal = z.object({ code: z.string(), message: z.string() })
const addresses = z.object({ eip155: z.string(), solana: z.string() })
const walletState = z.enum(['none', 'this-device', 'other-device'])
// A person who logged in only with a social account has no login email (null).
const user = z.object({ id: z.string(), email: z.nullable(z.string()) })
const base64 = z.string().check(z.maxLength(8192))

const answers = {
  origins: z.object({ allowedOrigins: z.array(z.string()) }),
  emailStart: z.object({ action: z.enum(['VERIFY_DEVICE', 'VERIFY_OTP']) }),
  deviceWait: z.object({ approved: z.boolean() }),
  emailVerify: z.object({ sessionToken: z.string(), user, wallet: walletState }),
  socialStart: z.object({ url: z.url() }),
  socialFinish: z.object({ sessionToken: z.string(), user, wallet: walletState, provider: z.string() }),
  farcasterStart: z.object({
    url: z.string().check(z.startsWith('farcaster://'), z.maxLength(8192)),
    channelId: z.string(),
  }),
  farcasterFinish: z.discriminatedUnion('state', [
    z.object({ state: z.literal('pending') }),
    z.object({
      state: z.literal('completed'),
      sessionToken: z.string(),
      user,
      wallet: walletState,
      fid: z.number().check(z.int(), z.positive()),
      username: z.nullable(z.string()),
      // The profile picture the relay named; the frame checks it before passing it on.
      pfpUrl: z.optional(z.nullable(z.string())),
    }),
  ]),
  session: z.object({ user, wallet: walletState, addresses: z.partial(addresses) }),
  empty: z.object({}),
  authShare: z.object({ authShare: base64 }),
  recovery: z.object({
    encryptedShare: base64,
    kdf: z.object({
      name: z.literal('scrypt'),
      N: z.number(),
      r: z.number(),
      p: z.number(),
      dkLen: z.literal(32),
      salt: z.string(),
    }),
    serverRecoveryShare: base64,
    addresses,
  }),
  updateStart: z.object({ action: z.literal('VERIFY_PRIMARY_OTP') }),
  updatePrimary: z.object({ action: z.literal('VERIFY_SECONDARY_OTP') }),
  updateSecondary: z.object({ email: z.string() }),
  rpc: z.object({
    result: z.optional(z.unknown()),
    error: z.optional(z.object({ code: z.number(), message: z.string(), data: z.optional(z.unknown()) })),
  }),
} as const

export type SessionAnswer = z.output<typeof answers.session>
export type RecoveryAnswer = z.output<typeof answers.recovery>
export type WalletState = z.output<typeof walletState>

/** A JSON-RPC error the chain (or the service's forwarder) answered. */
export class ChainRpcError extends Error {
  override name = 'ChainRpcError'
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

export interface ServiceClientOptions {
  /** The service's origin; the frame's own by default. */
  baseUrl?: string
  /** The session token, when there is one. */
  token: () => string | undefined
  /** This device's id (the one its logins name), sent with every call. */
  deviceId: () => string
}

/**
 * @example
 * const service = createServiceClient({ token: () => state.token, deviceId: () => state.deviceId })
 * const { action } = await service.emailStart({ projectId, email, deviceId, parentOrigin })
 */
export function createServiceClient(options: ServiceClientOptions) {
  const base = options.baseUrl ?? ''
  let rpcId = 0

  async function call<S extends z.core.$ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: S,
    body?: unknown,
    signal?: AbortSignal,
  ): Promise<z.output<S>> {
    const token = options.token()
    const headers: Record<string, string> = {}
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (token) headers.authorization = `Bearer ${token}`
    headers[DEVICE_ID_HEADER] = options.deviceId()
    let response: Response
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers,
        credentials: 'same-origin',
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        ...(signal ? { signal } : {}),
      })
    } catch (cause) {
      if (signal?.aborted) throw cause
      throw new ServiceRequestError(0, 'NETWORK', 'The wallet service could not be reached')
    }
    const data: unknown = await response.json().catch(() => undefined)
    if (!response.ok) {
      const parsed = z.safeParse(refusal, data)
      throw parsed.success
        ? new ServiceRequestError(response.status, parsed.data.code, parsed.data.message)
        : new ServiceRequestError(
            response.status,
            'UNKNOWN',
            `The wallet service answered ${response.status}`,
          )
    }
    const parsed = z.safeParse(schema, data)
    if (!parsed.success)
      throw new ServiceRequestError(
        response.status,
        'BAD_ANSWER',
        'The wallet service gave an answer this frame cannot read',
      )
    return parsed.data
  }

  return {
    origins: (projectId: string) =>
      call('GET', `/projects/v1/origins?projectId=${encodeURIComponent(projectId)}`, answers.origins),
    emailStart: (body: { projectId: string; email: string; deviceId: string; parentOrigin: string }) =>
      call('POST', '/v1/email/start', answers.emailStart, body),
    deviceWait: (body: { projectId: string; email: string; deviceId: string }, signal?: AbortSignal) =>
      call('POST', '/v1/device/wait', answers.deviceWait, body, signal),
    emailVerify: (body: {
      projectId: string
      email: string
      otp: string
      deviceId: string
      parentOrigin: string
    }) => call('POST', '/v1/email/verify', answers.emailVerify, body),
    socialStart: (body: { projectId: string; provider: string; deviceId: string; parentOrigin: string }) =>
      call('POST', '/v1/social/start', answers.socialStart, body),
    socialFinish: (body: { projectId: string; deviceId: string; result: string }) =>
      call('POST', '/v1/social/finish', answers.socialFinish, body),
    farcasterStart: (body: { projectId: string; deviceId: string; parentOrigin: string }) =>
      call('POST', '/v1/farcaster/start', answers.farcasterStart, body),
    farcasterFinish: (
      body: { projectId: string; deviceId: string; channelId: string },
      signal?: AbortSignal,
    ) => call('POST', '/v1/farcaster/finish', answers.farcasterFinish, body, signal),
    session: () => call('GET', '/v1/session', answers.session),
    revokeSession: () => call('POST', '/v1/session/revoke', answers.empty, {}),
    createWallet: (body: {
      authShare: string
      recovery: { encryptedShare: string; kdf: Record<string, string | number> }
      serverRecoveryShare: string
      addresses: { eip155: string; solana: string }
    }) => call('POST', '/v1/wallet', answers.empty, body),
    authShare: () => call('POST', '/v1/wallet/auth-share', answers.authShare, {}),
    recovery: () => call('POST', '/v1/wallet/recovery', answers.recovery, {}),
    addDevice: (body: { authShare: string }) => call('POST', '/v1/wallet/device', answers.empty, body),
    updateEmailStart: (body: { email: string }) =>
      call('POST', '/v1/email/update/start', answers.updateStart, body),
    updateEmailPrimary: (body: { otp: string }) =>
      call('POST', '/v1/email/update/primary', answers.updatePrimary, body),
    updateEmailSecondary: (body: { otp: string }) =>
      call('POST', '/v1/email/update/secondary', answers.updateSecondary, body),
    /** A JSON-RPC call to the chain through the service; throws ChainRpcError for its error. */
    async rpc(caip2: string, method: string, params: unknown = []): Promise<unknown> {
      rpcId += 1
      const answer = await call('POST', `/v1/rpc/${caip2}`, answers.rpc, {
        jsonrpc: '2.0',
        id: rpcId,
        method,
        params,
      })
      if (answer.error) throw new ChainRpcError(answer.error.code, answer.error.message)
      return answer.result ?? null
    },
  }
}

export type ServiceClient = ReturnType<typeof createServiceClient>
