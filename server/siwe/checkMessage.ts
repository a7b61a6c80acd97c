import { type Address, getAddress, isAddress } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import { SiweVerifyError } from './errors.js'

/** The fields of a sign-in message that passed every check that needs no chain. */
export type CheckedMessage = {
  address: Address
  chainId: number
  domain: string
  nonce: string
  expirationTime?: Date
}

export type CheckMessageParameters = {
  message: string
  /**
   * The app's origins, e.g. `['https://app.example']`: the message must name the host of
   * one of them and a URI on that same origin.
   */
  origins: readonly string[]
  chainIds: ReadonlySet<number>
  now: Date
}

const isDate = (value: unknown): value is Date => value instanceof Date && !Number.isNaN(value.getTime())

/**
 * Parses an EIP-4361 message and applies the rules that bind it to this app: the domain
 * is the host of one of the app's origins, the URI is on that same origin (a message
 * naming one allowed host and a URI on another is refused), the chain is one we serve, and the
 * validity window (Expiration Time, Not Before) contains `now`. The nonce and the
 * signature are checked afterwards, against the database and the chain.
 *
 * @example
 * const fields = checkMessage({ message, origins: ['http://127.0.0.1:5173'], chainIds: new Set([31337]), now: new Date() })
 */
export function checkMessage({ message, origins, chainIds, now }: CheckMessageParameters): CheckedMessage {
  const fields = parseSiweMessage(message)
  const { address, chainId, domain, nonce, uri, version } = fields
  if (
    !address ||
    !isAddress(address, { strict: false }) ||
    typeof chainId !== 'number' ||
    !Number.isSafeInteger(chainId) ||
    !domain ||
    !nonce ||
    !uri ||
    version !== '1' ||
    // A date that is present but unparseable must not read as "no limit".
    ('issuedAt' in fields && !isDate(fields.issuedAt)) ||
    ('expirationTime' in fields && !isDate(fields.expirationTime)) ||
    ('notBefore' in fields && !isDate(fields.notBefore))
  ) {
    throw new SiweVerifyError('invalid_message')
  }
  // The domain has no scheme, so http://h and https://h both claim it; the URI decides.
  const forDomain = origins.map((origin) => new URL(origin)).filter((app) => app.host === domain)
  if (forDomain.length === 0) throw new SiweVerifyError('domain_mismatch')
  let uriOrigin: string
  try {
    uriOrigin = new URL(uri).origin
  } catch {
    throw new SiweVerifyError('uri_mismatch')
  }
  if (!forDomain.some((app) => app.origin === uriOrigin)) throw new SiweVerifyError('uri_mismatch')
  if (!chainIds.has(chainId)) throw new SiweVerifyError('chain_not_supported')
  if (fields.expirationTime && fields.expirationTime.getTime() <= now.getTime()) {
    throw new SiweVerifyError('message_expired')
  }
  if (fields.notBefore && fields.notBefore.getTime() > now.getTime()) {
    throw new SiweVerifyError('message_not_yet_valid')
  }
  return {
    address: getAddress(address),
    chainId,
    domain,
    nonce,
    ...(fields.expirationTime ? { expirationTime: fields.expirationTime } : {}),
  }
}
