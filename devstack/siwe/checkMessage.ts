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
  /** The app's origin, e.g. `https://app.example`: the message must name its host and a URI on it. */
  origin: string
  chainIds: ReadonlySet<number>
  now: Date
}

const isDate = (value: unknown): value is Date => value instanceof Date && !Number.isNaN(value.getTime())

/**
 * Parses an EIP-4361 message and applies the rules that bind it to this app: the domain
 * is the app's host, the URI is on the app's origin, the chain is one we serve, and the
 * validity window (Expiration Time, Not Before) contains `now`. The nonce and the
 * signature are checked afterwards, against the database and the chain.
 *
 * @example
 * const fields = checkMessage({ message, origin: 'http://127.0.0.1:5173', chainIds: new Set([31337]), now: new Date() })
 */
export function checkMessage({ message, origin, chainIds, now }: CheckMessageParameters): CheckedMessage {
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
  const app = new URL(origin)
  if (domain !== app.host) throw new SiweVerifyError('domain_mismatch')
  let uriOrigin: string
  try {
    uriOrigin = new URL(uri).origin
  } catch {
    throw new SiweVerifyError('uri_mismatch')
  }
  if (uriOrigin !== app.origin) throw new SiweVerifyError('uri_mismatch')
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
