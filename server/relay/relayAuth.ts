/**
 * The relay's side of WalletConnect's relay auth: every client opens its socket with
 * `?auth=<JWT>`, a compact JWT signed with EdDSA by the client's own ed25519 key. The key
 * is the issuer itself (`iss` is `did:key:z6Mk…`, the multibase base58btc public key), so
 * no registry is needed: the token proves who holds the key, that it was made for this
 * relay (`aud`) and that it is still fresh (`exp`). The issuer is the client's id, which the
 * mailbox uses to never hand a client its own messages.
 */
import { ed25519 } from '@noble/curves/ed25519.js'

/** Why a token was refused; the relay answers the upgrade with 401 for each. */
export type RelayAuthFault =
  | 'missing'
  | 'malformed'
  | 'unsupported-algorithm'
  | 'bad-issuer'
  | 'wrong-audience'
  | 'expired'
  | 'not-yet-valid'
  | 'bad-signature'

/** A token the relay does not accept; `fault` says which check failed. */
export class RelayAuthError extends Error {
  override name = 'RelayAuthError'
  constructor(
    readonly fault: RelayAuthFault,
    message: string,
  ) {
    super(message)
  }
}

/** What a valid token says. */
export type RelayClaims = {
  /** The issuer, `did:key:z6Mk…`: the client's id. */
  clientId: string
  /** The 32-byte ed25519 public key inside the issuer. */
  publicKey: Uint8Array
  sub: string
  aud: string
  /** Seconds since the epoch. */
  iat: number
  exp: number
}

/** Longer tokens are refused before any decoding: a real one is about 400 characters. */
export const MAX_JWT_LENGTH = 4096
/** How far a client's clock may run ahead of ours when it stamps `iat`. */
export const ISSUED_AT_MAX_SKEW_SECONDS = 300

const BASE64URL = /^[A-Za-z0-9_-]+$/
const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
/** The multicodec prefix of an ed25519 public key (0xed, varint-encoded as two bytes). */
const ED25519_MULTICODEC = [0xed, 0x01] as const

/** Base58btc as Bitcoin spells it; undefined for a character outside the alphabet. */
function decodeBase58(text: string): Uint8Array | undefined {
  let value = 0n
  for (const char of text) {
    const digit = BASE58_ALPHABET.indexOf(char)
    if (digit < 0) return undefined
    value = value * 58n + BigInt(digit)
  }
  const bytes: number[] = []
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn))
    value >>= 8n
  }
  // Each leading '1' stands for a leading zero byte.
  for (const char of text) {
    if (char !== '1') break
    bytes.unshift(0)
  }
  return Uint8Array.from(bytes)
}

/**
 * The ed25519 public key of a `did:key` issuer; undefined for any other kind of key.
 *
 * @example publicKeyOfDidKey('did:key:z6MkodHZwneVRShtaLf8JKYkxpDGp1vGZnpGmdBpX8M2exxH') // Uint8Array(32)
 */
export function publicKeyOfDidKey(did: string): Uint8Array | undefined {
  const match = /^did:key:z([1-9A-HJ-NP-Za-km-z]{40,60})$/.exec(did)
  if (!match) return undefined
  const bytes = decodeBase58(match[1] as string)
  if (bytes?.length !== 34) return undefined
  if (bytes[0] !== ED25519_MULTICODEC[0] || bytes[1] !== ED25519_MULTICODEC[1]) return undefined
  return bytes.slice(2)
}

function decodeJsonPart(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

/** A URL as an audience: no query, fragment or trailing slash, so `wss://r.example/` is `wss://r.example`. */
export function normalizeAudience(url: string): string {
  const cut = url.split(/[?#]/)[0] as string
  return cut.replace(/\/+$/, '')
}

export type VerifyRelayJwtOptions = {
  /** The relay's public URL; the token's `aud` must name it. */
  audience: string
  /** Seconds since the epoch; default now. */
  now?: number
}

/**
 * Checks a client's relay-auth token and returns its claims; throws {@link RelayAuthError}.
 *
 * @example
 * const { clientId } = verifyRelayJwt(url.searchParams.get('auth'), { audience: 'wss://relay.example' })
 */
export function verifyRelayJwt(
  token: string | null | undefined,
  options: VerifyRelayJwtOptions,
): RelayClaims {
  if (!token) throw new RelayAuthError('missing', 'the auth query parameter (a relay-auth JWT) is missing')
  if (token.length > MAX_JWT_LENGTH) throw new RelayAuthError('malformed', 'the auth token is too long')
  const parts = token.split('.')
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part)))
    throw new RelayAuthError('malformed', 'the auth token is not a compact JWT')
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string]
  const header = decodeJsonPart(headerPart)
  const payload = decodeJsonPart(payloadPart)
  if (!header || !payload) throw new RelayAuthError('malformed', 'the auth token does not hold JSON')
  if (header.alg !== 'EdDSA' || (header.typ !== undefined && header.typ !== 'JWT'))
    throw new RelayAuthError('unsupported-algorithm', 'the auth token must be signed with EdDSA')
  const { iss, sub, aud, iat, exp } = payload
  if (
    typeof iss !== 'string' ||
    typeof aud !== 'string' ||
    typeof iat !== 'number' ||
    typeof exp !== 'number' ||
    (sub !== undefined && typeof sub !== 'string')
  )
    throw new RelayAuthError('malformed', 'the auth token needs iss, aud, iat and exp')
  const publicKey = publicKeyOfDidKey(iss)
  if (!publicKey) throw new RelayAuthError('bad-issuer', 'the auth token issuer is not an ed25519 did:key')
  if (normalizeAudience(aud) !== normalizeAudience(options.audience))
    throw new RelayAuthError('wrong-audience', 'the auth token was made for another relay')
  const now = options.now ?? Math.floor(Date.now() / 1000)
  if (exp <= now) throw new RelayAuthError('expired', 'the auth token has expired')
  if (iat > now + ISSUED_AT_MAX_SKEW_SECONDS)
    throw new RelayAuthError('not-yet-valid', 'the auth token is issued in the future')
  const signature = Buffer.from(signaturePart, 'base64url')
  const signed = new TextEncoder().encode(`${headerPart}.${payloadPart}`)
  let valid = false
  try {
    valid = signature.length === 64 && ed25519.verify(new Uint8Array(signature), signed, publicKey)
  } catch {
    valid = false
  }
  if (!valid) throw new RelayAuthError('bad-signature', 'the auth token signature does not verify')
  return { clientId: iss, publicKey, sub: typeof sub === 'string' ? sub : '', aud, iat, exp }
}
