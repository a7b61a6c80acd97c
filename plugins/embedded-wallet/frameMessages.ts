/**
 * The wire protocol between the widget and the embedded wallet's frame, from the widget's
 * side: what it accepts on window messages before the handshake, and on the
 * MessageChannel after it. Every schema is strict, so a field the protocol does not name
 * is a message dropped, not data carried along. The frame parses with its own schemas:
 * nothing is shared in code, both follow the same written protocol.
 */
import * as z from 'zod/mini'

/** The protocol version both sides speak. */
export const FRAME_PROTOCOL_VERSION = 1

export const readyMessageSchema = z.strictObject({
  type: z.literal('@latchkit/frame/ready'),
  version: z.literal(FRAME_PROTOCOL_VERSION),
})

export const refusedMessageSchema = z.strictObject({
  type: z.literal('@latchkit/frame/refused'),
  reason: z.literal('origin-not-allowed'),
})

/** What the frame may post on window messages: ready, or refused. */
export const windowMessageSchema = z.discriminatedUnion('type', [readyMessageSchema, refusedMessageSchema])

const caip2 = z.string().check(z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'a CAIP-2 chain id'))
const accountType = z.enum(['eoa', 'smartAccount'])
const email = z.email()
const otp = z.string().check(z.regex(/^\d{6}$/, 'six digits'))
const empty = z.strictObject({})

/** Request types, their payloads and the payloads of their answers. */
export const frameRequests = {
  IS_CONNECTED: { payload: empty, success: z.strictObject({ isConnected: z.boolean() }) },
  CONNECT_EMAIL: {
    payload: z.strictObject({ email }),
    success: z.strictObject({ action: z.enum(['VERIFY_DEVICE', 'VERIFY_OTP']) }),
  },
  // `approved: false`: the link was not clicked within the frame's wait; ask again.
  CONNECT_DEVICE: { payload: empty, success: z.strictObject({ approved: z.optional(z.boolean()) }) },
  CONNECT_OTP: {
    payload: z.strictObject({ otp }),
    success: z.strictObject({ action: z.enum(['CONNECT', 'SETUP_WALLET', 'RECOVER_WALLET']) }),
  },
  // A social login: the provider's authorization URL to open in the popup, then the
  // one-time result the service's callback page posted back, traded for the login.
  GET_SOCIAL_REDIRECT_URI: {
    payload: z.strictObject({ provider: z.enum(['google', 'github', 'apple', 'facebook', 'x', 'discord']) }),
    success: z.strictObject({ uri: z.url({ protocol: /^https?$/ }) }),
  },
  CONNECT_SOCIAL: {
    payload: z.strictObject({ uri: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/)) }),
    success: z.strictObject({
      action: z.enum(['CONNECT', 'SETUP_WALLET', 'RECOVER_WALLET']),
      provider: z.enum(['google', 'github', 'apple', 'facebook', 'x', 'discord']),
    }),
  },
  // Farcaster: the farcaster://connect URI to show as a QR code or link, with the flow's
  // opaque id; then the wait (the frame polls) until the person approved in their app.
  GET_FARCASTER_URI: {
    payload: empty,
    success: z.strictObject({
      uri: z.url({ protocol: /^farcaster$/ }),
      channelId: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/)),
    }),
  },
  CONNECT_FARCASTER: {
    payload: z.strictObject({ channelId: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/)) }),
    success: z.strictObject({
      action: z.enum(['CONNECT', 'SETUP_WALLET', 'RECOVER_WALLET']),
      fid: z.number().check(z.int(), z.positive()),
      username: z.optional(z.string().check(z.maxLength(256))),
      // The Farcaster profile picture, to show beside the username.
      avatarUrl: z.optional(z.url({ protocol: /^https?$/ }).check(z.maxLength(2048))),
    }),
  },
  SETUP_WALLET: { payload: empty, success: empty },
  RECOVER_WALLET: { payload: empty, success: empty },
  GET_USER: {
    payload: z.strictObject({ chainId: caip2, preferredAccountType: z.optional(accountType) }),
    success: z.strictObject({
      email: z.optional(email),
      address: z.string().check(z.minLength(1), z.maxLength(128)),
      chainId: caip2,
      accounts: z.array(
        z.strictObject({ address: z.string().check(z.minLength(1), z.maxLength(128)), type: accountType }),
      ),
      userName: z.optional(z.string().check(z.maxLength(256))),
      preferredAccountType: accountType,
      smartAccountDeployed: z.boolean(),
    }),
  },
  SWITCH_NETWORK: {
    payload: z.strictObject({ chainId: caip2 }),
    success: z.strictObject({ chainId: caip2 }),
  },
  RPC_REQUEST: {
    payload: z.strictObject({
      chainId: caip2,
      method: z.string().check(z.minLength(1), z.maxLength(128)),
      params: z.optional(z.unknown()),
    }),
    success: z.strictObject({ result: z.unknown() }),
  },
  SIGN_OUT: { payload: empty, success: empty },
  UPDATE_EMAIL: {
    payload: z.strictObject({ email }),
    success: z.strictObject({ action: z.literal('VERIFY_PRIMARY_OTP') }),
  },
  UPDATE_EMAIL_PRIMARY_OTP: {
    payload: z.strictObject({ otp }),
    success: z.strictObject({ action: z.literal('VERIFY_SECONDARY_OTP') }),
  },
  UPDATE_EMAIL_SECONDARY_OTP: { payload: z.strictObject({ otp }), success: z.strictObject({ email }) },
  SYNC_THEME: {
    payload: z.strictObject({
      themeMode: z.enum(['light', 'dark']),
      themeVariables: z.optional(z.record(z.string(), z.string())),
    }),
    success: empty,
  },
  SYNC_DAPP_DATA: {
    payload: z.strictObject({
      metadata: z.strictObject({
        name: z.string(),
        description: z.string(),
        url: z.string(),
        icons: z.array(z.string()),
      }),
      projectId: z.string(),
      sdkVersion: z.string(),
      sdkType: z.string(),
    }),
    success: empty,
  },
} as const

export type FrameRequestType = keyof typeof frameRequests
export type FramePayload<T extends FrameRequestType> = z.input<(typeof frameRequests)[T]['payload']>
export type FrameSuccess<T extends FrameRequestType> = z.output<(typeof frameRequests)[T]['success']>
export type FrameUser = FrameSuccess<'GET_USER'>

/** Requests that wait for the person's email or login: they time out (30 s by default). */
export const LOGIN_REQUEST_TYPES: ReadonlySet<string> = new Set([
  'CONNECT_EMAIL',
  'CONNECT_DEVICE',
  'CONNECT_OTP',
  'CONNECT_SOCIAL',
  'GET_SOCIAL_REDIRECT_URI',
  'GET_FARCASTER_URI',
])

/** An answer to a request: `<TYPE>_SUCCESS` or `<TYPE>_ERROR`, with the request's id. */
export const answerSchema = z.strictObject({
  id: z.uuid(),
  type: z.string().check(z.regex(/^[A-Z_]{2,64}_(SUCCESS|ERROR)$/)),
  payload: z.unknown(),
})

export const errorPayloadSchema = z.strictObject({
  message: z.optional(z.string().check(z.maxLength(1000))),
  code: z.optional(z.union([z.number(), z.string().check(z.maxLength(64))])),
})

/** Events the frame sends without an id. */
export const frameEventSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('FRAME_SHOW'),
    payload: z.strictObject({
      reason: z.enum(['approve', 'setup', 'recover']),
      height: z.number().check(z.gte(0), z.lte(4000)),
    }),
  }),
  z.strictObject({ type: z.literal('FRAME_HIDE') }),
  z.strictObject({ type: z.literal('SESSION_EXPIRED') }),
  z.strictObject({
    type: z.literal('LOG'),
    payload: z.strictObject({
      level: z.enum(['debug', 'info', 'warn', 'error']),
      message: z.string().check(z.maxLength(2000)),
    }),
  }),
])
export type FrameEvent = z.output<typeof frameEventSchema>

/**
 * A short account of why a message failed its schema, for the log: the paths of the bad
 * fields, never the values (a payload may carry an address or an email).
 *
 * @example
 * describeIssues(z.safeParse(answerSchema, data).error) // 'id, type'
 */
export function describeIssues(error: z.core.$ZodError | undefined): string {
  const paths = error?.issues.map((issue) => issue.path.join('.') || '(message)') ?? []
  return [...new Set(paths)].join(', ') || '(message)'
}
