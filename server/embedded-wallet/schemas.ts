/**
 * The shapes the service takes, one zod schema per body or query: the frame is a client
 * like any other, and nothing it sends is trusted before it parses.
 */
import * as z from 'zod/mini'

/** Up to 8 KiB of base64: a Shamir share of 16 bytes of entropy is 17 bytes. */
const base64 = z
  .string()
  .check(
    z.minLength(4),
    z.maxLength(8192),
    z.regex(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/, 'must be base64'),
  )

export const projectId = z.string().check(z.minLength(1), z.maxLength(128))
export const email = z.email().check(z.maxLength(254))
export const deviceId = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{8,128}$/, 'must be 8 to 128 of A-Z a-z 0-9 _ -'))
export const origin = z.string().check(z.maxLength(2048))
export const otp = z.string().check(z.regex(/^\d{6}$/, 'must be 6 digits'))

export const projectQuery = z.object({ projectId })
export const approveQuery = z.object({ token: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'malformed')) })

export const emailStartBody = z.object({ projectId, email, deviceId, parentOrigin: origin })
export const deviceWaitBody = z.object({ projectId, email, deviceId })
export const emailVerifyBody = z.object({ projectId, email, otp, deviceId, parentOrigin: origin })

export const socialProvider = z.enum(['google', 'github', 'apple', 'facebook', 'x', 'discord'])
export const socialStartBody = z.object({
  projectId,
  provider: socialProvider,
  deviceId,
  parentOrigin: origin,
})
/** What a provider's redirect carries: a code, or an error, and always the state. */
export const socialCallbackQuery = z.object({
  state: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'malformed')),
  code: z.optional(z.string().check(z.minLength(1), z.maxLength(2048))),
  error: z.optional(z.string().check(z.maxLength(256))),
})
export const socialFinishBody = z.object({
  projectId,
  deviceId,
  result: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'malformed')),
})

export const farcasterStartBody = z.object({ projectId, deviceId, parentOrigin: origin })
/** `channelId`: the opaque id of a stored Farcaster flow (never the relay's channel token). */
export const farcasterFinishBody = z.object({
  projectId,
  deviceId,
  channelId: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'malformed')),
})

const addresses = z.object({
  eip155: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address')),
  solana: z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'must be a base58 address')),
})

/** The KDF's parameters and salt: a small flat object of strings and numbers. */
const kdf = z
  .record(z.string().check(z.maxLength(64)), z.union([z.string().check(z.maxLength(512)), z.number()]))
  .check(z.refine((value) => Object.keys(value).length <= 16, 'at most 16 fields'))

export const createWalletBody = z.object({
  authShare: base64,
  recovery: z.object({ encryptedShare: base64, kdf }),
  serverRecoveryShare: base64,
  addresses,
})

export const deviceShareBody = z.object({ authShare: base64 })
export const updateStartBody = z.object({ email })
export const updateOtpBody = z.object({ otp })

export const caip2 = z
  .string()
  .check(z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'must be a CAIP-2 chain id'))

/** An email as the service keys it: trimmed and lower-cased. */
export const normalizeEmail = (value: string) => value.trim().toLowerCase()
