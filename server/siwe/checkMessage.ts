import type { Address } from 'viem'
import { SiweVerifyError } from './errors.js'
import { parseSiweMessage, SiweMessageError, type SiweMessageFields } from './parseMessage.js'

/**
 * How far ahead of the verifier's clock a message's `Issued At` may be: 5 minutes. A
 * wallet's or browser's clock a little ahead of the server's is common and harmless; a
 * message dated further ahead was not made now, and is refused (`message_issued_in_future`).
 * Five minutes is also how long a nonce lives, so no honest message needs more.
 */
export const ISSUED_AT_MAX_CLOCK_SKEW_SECONDS = 5 * 60

/** The fields of a sign-in message that passed every check that needs no chain. */
export type CheckedMessage = {
  address: Address
  chainId: number
  domain: string
  nonce: string
  /** The signed Expiration Time: the session ends then at the latest. */
  expirationTime?: Date
  /** Everything the message says, as parsed. */
  fields: SiweMessageFields
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

function parse(message: string): SiweMessageFields {
  try {
    return parseSiweMessage(message)
  } catch (error) {
    if (error instanceof SiweMessageError) {
      throw new SiweVerifyError('invalid_message', { reason: error.reason, cause: error })
    }
    throw error
  }
}

const uriOrigin = (uri: string): string | undefined => {
  try {
    return new URL(uri).origin
  } catch {
    // An RFC 3986 URI that a browser's URL cannot read (an unusual IP literal) is on no app.
    return undefined
  }
}

/**
 * Reads an EIP-4361 message strictly (`parseSiweMessage`: the whole grammar, or
 * `invalid_message` with the rule broken) and applies the rules that bind it to this app,
 * in this order:
 *
 * 1. the domain is the host (and port) of one of the app's origins (`domain_mismatch`);
 * 2. a scheme written before the domain (`https://app.example wants you ...`) is that
 *    origin's scheme (`scheme_mismatch`); without one, the URI decides;
 * 3. the URI is on that same origin: scheme, host and port (`uri_mismatch`); a message
 *    naming one allowed host and a URI on another is refused;
 * 4. the chain is one we serve (`chain_not_supported`);
 * 5. `Expiration Time`, when present, is after `now` (`message_expired`); `Not Before`,
 *    when present, is not after `now` (`message_not_yet_valid`); `Issued At` is at most
 *    {@link ISSUED_AT_MAX_CLOCK_SKEW_SECONDS} after `now` (`message_issued_in_future`).
 *
 * The signature and the nonce are checked afterwards, against the chain and the database.
 *
 * @example
 * const checked = checkMessage({ message, origins: ['http://127.0.0.1:5173'], chainIds: new Set([31337]), now: new Date() })
 */
export function checkMessage({ message, origins, chainIds, now }: CheckMessageParameters): CheckedMessage {
  const fields = parse(message)
  const { domain, scheme, uri, chainId } = fields
  const forDomain = origins.map((origin) => new URL(origin)).filter((app) => app.host === domain)
  if (forDomain.length === 0) throw new SiweVerifyError('domain_mismatch')
  // Schemes are case-insensitive (RFC 3986); URL.protocol is lower case.
  const forScheme =
    scheme === undefined ? forDomain : forDomain.filter((app) => app.protocol === `${scheme.toLowerCase()}:`)
  if (forScheme.length === 0) throw new SiweVerifyError('scheme_mismatch')
  const origin = uriOrigin(uri)
  if (!forScheme.some((app) => app.origin === origin)) throw new SiweVerifyError('uri_mismatch')
  if (!chainIds.has(chainId)) throw new SiweVerifyError('chain_not_supported')
  if (fields.expirationTime && fields.expirationTime.getTime() <= now.getTime()) {
    throw new SiweVerifyError('message_expired')
  }
  if (fields.notBefore && fields.notBefore.getTime() > now.getTime()) {
    throw new SiweVerifyError('message_not_yet_valid')
  }
  if (fields.issuedAt.getTime() > now.getTime() + ISSUED_AT_MAX_CLOCK_SKEW_SECONDS * 1000) {
    throw new SiweVerifyError('message_issued_in_future')
  }
  return {
    address: fields.address,
    chainId,
    domain,
    nonce: fields.nonce,
    ...(fields.expirationTime ? { expirationTime: fields.expirationTime } : {}),
    fields,
  }
}
