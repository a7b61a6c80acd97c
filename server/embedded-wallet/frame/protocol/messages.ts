/**
 * The widget <-> frame wire protocol from the frame's side: the window messages of the
 * handshake and the requests that arrive on the MessageChannel after it. Every schema is
 * strict: a field the protocol does not name makes the message invalid. The widget parses
 * with its own schemas; nothing is shared in code, both follow the written protocol.
 */
import * as z from 'zod/mini'

export const FRAME_PROTOCOL_VERSION = 1

export const connectMessageSchema = z.strictObject({
  type: z.literal('@latchkit/frame/connect'),
  version: z.literal(FRAME_PROTOCOL_VERSION),
})

export const caip2Schema = z
  .string()
  .check(z.regex(/^(eip155:[0-9]{1,32}|solana:[-_a-zA-Z0-9]{1,32})$/, 'an eip155 or solana CAIP-2 chain id'))
const email = z.email().check(z.maxLength(254))
const otp = z.string().check(z.regex(/^\d{6}$/, 'six digits'))
const empty = z.strictObject({})
const shortText = z.string().check(z.maxLength(2048))

/**
 * The profile picture CONNECT_FARCASTER answers as `avatarUrl` (optional): an http(s) URL of
 * at most 2048 characters. The frame answers it only when the service's URL passes this.
 */
export const avatarUrlSchema = z.url({ protocol: /^https?$/ }).check(z.maxLength(2048))

/** Payload schemas of the request types the frame answers. */
export const requestPayloads = {
  IS_CONNECTED: empty,
  CONNECT_EMAIL: z.strictObject({ email }),
  CONNECT_DEVICE: empty,
  CONNECT_OTP: z.strictObject({ otp }),
  GET_SOCIAL_REDIRECT_URI: z.strictObject({
    provider: z.enum(['google', 'github', 'apple', 'facebook', 'x', 'discord']),
  }),
  // `uri`: the one-time result the service's callback page posted to the app.
  CONNECT_SOCIAL: z.strictObject({ uri: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/)) }),
  // Farcaster: the sign-in URI to show (and the flow's opaque id), then the wait for the
  // person's approval in their Farcaster app.
  GET_FARCASTER_URI: empty,
  CONNECT_FARCASTER: z.strictObject({ channelId: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/)) }),
  SETUP_WALLET: empty,
  RECOVER_WALLET: empty,
  GET_USER: z.strictObject({
    chainId: caip2Schema,
    preferredAccountType: z.optional(z.enum(['eoa', 'smartAccount'])),
  }),
  SWITCH_NETWORK: z.strictObject({ chainId: caip2Schema }),
  RPC_REQUEST: z.strictObject({
    chainId: caip2Schema,
    method: z.string().check(z.minLength(1), z.maxLength(128)),
    params: z.optional(z.unknown()),
  }),
  SIGN_OUT: empty,
  UPDATE_EMAIL: z.strictObject({ email }),
  UPDATE_EMAIL_PRIMARY_OTP: z.strictObject({ otp }),
  UPDATE_EMAIL_SECONDARY_OTP: z.strictObject({ otp }),
  SYNC_THEME: z.strictObject({
    themeMode: z.enum(['light', 'dark']),
    themeVariables: z.optional(
      z.record(z.string().check(z.maxLength(64)), z.string().check(z.maxLength(256))),
    ),
  }),
  SYNC_DAPP_DATA: z.strictObject({
    metadata: z.strictObject({
      name: shortText,
      description: shortText,
      url: shortText,
      icons: z.array(shortText).check(z.maxLength(16)),
    }),
    projectId: shortText,
    sdkVersion: shortText,
    sdkType: shortText,
  }),
} as const

export type FrameRequestType = keyof typeof requestPayloads
export type RequestPayload<T extends FrameRequestType> = z.output<(typeof requestPayloads)[T]>

export const isRequestType = (type: string): type is FrameRequestType => Object.hasOwn(requestPayloads, type)

/** The envelope of everything on the port: `{ id, type, payload }`; the payload is parsed by type. */
export const envelopeSchema = z.strictObject({
  id: z.uuid(),
  type: z.string().check(z.regex(/^[A-Z_]{2,64}$/)),
  payload: z.optional(z.unknown()),
})

export const abortPayloadSchema = z.strictObject({ requestId: z.uuid() })

/** The paths of the fields that failed, never their values (an email or address may be one). */
export function describeIssues(error: z.core.$ZodError | undefined): string {
  const paths = error?.issues.map((issue) => issue.path.join('.') || '(message)') ?? []
  return [...new Set(paths)].join(', ') || '(message)'
}

/** Events the frame posts without an id. */
export type FrameEvent =
  | { type: 'FRAME_SHOW'; payload: { reason: 'approve' | 'setup' | 'recover'; height: number } }
  | { type: 'FRAME_HIDE' }
  | { type: 'SESSION_EXPIRED' }
  | { type: 'LOG'; payload: { level: 'debug' | 'info' | 'warn' | 'error'; message: string } }
