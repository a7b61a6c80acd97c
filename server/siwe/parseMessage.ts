/**
 * A strict reader of EIP-4361 ("Sign-In with Ethereum") messages: a message is read only
 * if it matches the EIP's ABNF grammar exactly, field by field and line by line, with
 * nothing before, between or after the fields. Anything else is a {@link SiweMessageError}
 * naming the rule it broke. It checks the text alone; whether the message is for this app,
 * on a chain we serve and valid now is `checkMessage`'s question.
 */
import { type Address, checksumAddress } from 'viem'
import { parseDateTime } from './rfc3339.js'
import { isAuthority, isPcharString, isScheme, isStatement, isUri } from './rfc3986.js'

/**
 * Why a text is not an EIP-4361 message: one name per rule of the grammar, each with the
 * sentence the verifier answers with (fixed text: an answer never repeats the input).
 *
 * - `characters`: a character other than printable ASCII (space to `~`) and the line feed
 *   (LF). The grammar has no other; this refuses NUL, CR, tabs and non-ASCII text.
 * - `header`: the first line is not `[scheme "://"] domain " wants you to sign in with your
 *   Ethereum account:"`.
 * - `scheme`: the scheme before `://` is not an RFC 3986 scheme.
 * - `domain`: the domain is not an RFC 3986 authority (`[userinfo "@"] host [":" port]`).
 * - `address`: the second line is not `0x` and 40 hexadecimal digits.
 * - `address_checksum`: the address is not in its EIP-55 mixed-case checksum form
 *   (all lower case is refused too, unless the address has no letters).
 * - `blank_line`: a line that must be empty (after the address, after the statement) is not.
 * - `statement`: the statement holds a character outside ASCII letters, digits, space and
 *   `-._~:/?#[]@!$&'()*+,;=`.
 * - `uri`: `URI` is not an RFC 3986 URI (with a scheme).
 * - `version`: `Version` is not `1`.
 * - `chain_id`: `Chain ID` is not decimal digits, or exceeds 2^53 - 1.
 * - `nonce`: `Nonce` is not at least 8 ASCII letters and digits.
 * - `issued_at`, `expiration_time`, `not_before`: not an RFC 3339 date-time that exists.
 * - `request_id`: `Request ID` holds a character that is not an RFC 3986 `pchar`.
 * - `resource`: a line under `Resources:` is not `- ` and an RFC 3986 URI.
 * - `missing_field`: a required field (`URI`, `Version`, `Chain ID`, `Nonce`, `Issued At`)
 *   or line is absent.
 * - `field_order`: a field appears out of its place, or twice.
 * - `unexpected_line`: a line that is no field of the grammar, including an empty line at
 *   the end (the message ends with its last field, without a line feed).
 */
export const siweMessageFaults = {
  characters: 'it holds a character other than printable ASCII and line feeds',
  header: 'the first line is not "<domain> wants you to sign in with your Ethereum account:"',
  scheme: 'the scheme before the domain is not an RFC 3986 scheme',
  domain: 'the domain is not an RFC 3986 authority',
  address: 'the address is not 0x and 40 hexadecimal digits',
  address_checksum: 'the address is not in its EIP-55 checksum form',
  blank_line: 'a line that must be empty is not',
  statement: 'the statement holds a character EIP-4361 does not allow, or spans lines',
  uri: 'URI is not an RFC 3986 URI',
  version: 'Version is not 1',
  chain_id: 'Chain ID is not a decimal number',
  nonce: 'Nonce is not at least 8 letters and digits',
  issued_at: 'Issued At is not an RFC 3339 date-time that exists',
  expiration_time: 'Expiration Time is not an RFC 3339 date-time that exists',
  not_before: 'Not Before is not an RFC 3339 date-time that exists',
  request_id: 'Request ID holds a character that is not an RFC 3986 pchar',
  resource: 'a resource is not "- " and an RFC 3986 URI',
  missing_field: 'a required field or line is missing',
  field_order: 'a field is out of its order, or repeated',
  unexpected_line: 'a line is not a field of the message, or the message goes on after its last field',
} as const

export type SiweMessageFault = keyof typeof siweMessageFaults

/** A text that is not an EIP-4361 message; `reason` names the rule it broke. */
export class SiweMessageError extends Error {
  override name = 'SiweMessageError'
  readonly reason: SiweMessageFault
  constructor(reason: SiweMessageFault) {
    super(siweMessageFaults[reason])
    this.reason = reason
  }
}

/** The fields of an EIP-4361 message, as written (dates read as instants). */
export type SiweMessageFields = {
  /** The scheme written before the domain (`https` of `https://app.example`), if any. */
  scheme?: string
  /** RFC 3986 authority, e.g. `app.example` or `127.0.0.1:5173`. */
  domain: string
  /** EIP-55 checksummed. */
  address: Address
  /** The one line above the fields; absent when the message has none (it may be empty). */
  statement?: string
  uri: string
  version: '1'
  chainId: number
  nonce: string
  issuedAt: Date
  expirationTime?: Date
  notBefore?: Date
  requestId?: string
  /** Present when the message has a `Resources:` line (possibly with no resource under it). */
  resources?: string[]
}

const HEADER_SUFFIX = ' wants you to sign in with your Ethereum account:'
/** Printable ASCII and LF: every character the grammar can produce. */
const ALLOWED_CHARACTERS = /^[\n\x20-\x7e]*$/
const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const NONCE = /^[A-Za-z0-9]{8,}$/
const DIGITS = /^[0-9]+$/

const URI_LABEL = 'URI: '
const VERSION_LABEL = 'Version: '
const CHAIN_ID_LABEL = 'Chain ID: '
const NONCE_LABEL = 'Nonce: '
const ISSUED_AT_LABEL = 'Issued At: '
const EXPIRATION_TIME_LABEL = 'Expiration Time: '
const NOT_BEFORE_LABEL = 'Not Before: '
const REQUEST_ID_LABEL = 'Request ID: '
const RESOURCES_LINE = 'Resources:'
const RESOURCE_PREFIX = '- '

const FIELD_LABELS = [
  URI_LABEL,
  VERSION_LABEL,
  CHAIN_ID_LABEL,
  NONCE_LABEL,
  ISSUED_AT_LABEL,
  EXPIRATION_TIME_LABEL,
  NOT_BEFORE_LABEL,
  REQUEST_ID_LABEL,
]

const isFieldLine = (line: string) =>
  line === RESOURCES_LINE || FIELD_LABELS.some((label) => line.startsWith(label))

/** Reads the lines of a message one after the other, failing with the rule a line breaks. */
class Lines {
  private index = 0
  constructor(private readonly lines: readonly string[]) {}

  peek(): string | undefined {
    return this.lines[this.index]
  }

  next(): string | undefined {
    const line = this.lines[this.index]
    if (line !== undefined) this.index += 1
    return line
  }

  /** The value of the required field `label` on the next line. */
  required(label: string): string {
    const line = this.peek()
    if (line === undefined) throw new SiweMessageError('missing_field')
    if (line.startsWith(label)) {
      this.index += 1
      return line.slice(label.length)
    }
    if (!isFieldLine(line)) throw new SiweMessageError('unexpected_line')
    // Another field stands where this one belongs: out of order if it comes later.
    const later = this.lines.slice(this.index + 1).some((rest) => rest.startsWith(label))
    throw new SiweMessageError(later ? 'field_order' : 'missing_field')
  }

  /** The value of the optional field `label` when the next line holds it. */
  optional(label: string): string | undefined {
    const line = this.peek()
    if (line === undefined || !line.startsWith(label)) return undefined
    this.index += 1
    return line.slice(label.length)
  }

  /** Whatever is left is a field out of place (or repeated), or no field at all. */
  end(): void {
    const line = this.peek()
    if (line === undefined) return
    throw new SiweMessageError(isFieldLine(line) ? 'field_order' : 'unexpected_line')
  }
}

function readDate(value: string, fault: SiweMessageFault): Date {
  const date = parseDateTime(value)
  if (!date) throw new SiweMessageError(fault)
  return date
}

function readHeader(line: string): { scheme?: string; domain: string } {
  if (!line.endsWith(HEADER_SUFFIX)) throw new SiweMessageError('header')
  const origin = line.slice(0, -HEADER_SUFFIX.length)
  // An authority holds no "/", so a "://" can only end a scheme.
  const separator = origin.indexOf('://')
  const scheme = separator === -1 ? undefined : origin.slice(0, separator)
  const domain = separator === -1 ? origin : origin.slice(separator + 3)
  if (scheme !== undefined && !isScheme(scheme)) throw new SiweMessageError('scheme')
  if (!isAuthority(domain)) throw new SiweMessageError('domain')
  return scheme === undefined ? { domain } : { scheme, domain }
}

function readAddress(line: string | undefined): Address {
  if (line === undefined) throw new SiweMessageError('missing_field')
  if (!HEX_ADDRESS.test(line)) throw new SiweMessageError('address')
  if (checksumAddress(line as Address) !== line) throw new SiweMessageError('address_checksum')
  return line as Address
}

/**
 * Reads an EIP-4361 message exactly as the EIP's grammar writes it:
 *
 * ```text
 * [scheme://]domain wants you to sign in with your Ethereum account:
 * address
 *
 * [statement, then an empty line; or an empty line alone]
 *
 * URI: uri
 * Version: 1
 * Chain ID: chain-id
 * Nonce: nonce
 * Issued At: date-time
 * [Expiration Time: date-time]
 * [Not Before: date-time]
 * [Request ID: request-id]
 * [Resources:
 * - uri ...]
 * ```
 *
 * Lines end with LF only, the optional fields come in that order, each at most once, and
 * the text ends with its last field. Throws a {@link SiweMessageError} (never another
 * error) naming the first rule the text breaks.
 *
 * @example
 * const fields = parseSiweMessage(text) // { domain: 'app.example', address: '0xC02a…', chainId: 1, … }
 * try { parseSiweMessage('hello') } catch (error) { (error as SiweMessageError).reason } // 'header'
 */
export function parseSiweMessage(text: string): SiweMessageFields {
  if (!ALLOWED_CHARACTERS.test(text)) throw new SiweMessageError('characters')
  const lines = new Lines(text.split('\n'))

  const { scheme, domain } = readHeader(lines.next() as string)
  const address = readAddress(lines.next())
  const afterAddress = lines.next()
  if (afterAddress === undefined) throw new SiweMessageError('missing_field')
  if (afterAddress !== '') throw new SiweMessageError('blank_line')

  // Either "statement LF LF" or a lone "LF"; an empty statement gives two empty lines.
  let statement: string | undefined
  const third = lines.next()
  if (third === undefined) throw new SiweMessageError('missing_field')
  if (third === '') {
    if (lines.peek() === '') {
      lines.next()
      statement = ''
    }
  } else {
    if (!isStatement(third)) throw new SiweMessageError('statement')
    statement = third
    const afterStatement = lines.next()
    if (afterStatement === undefined) throw new SiweMessageError('missing_field')
    // Text where the empty line belongs is the statement going on over a second line.
    if (afterStatement !== '') {
      throw new SiweMessageError(isFieldLine(afterStatement) ? 'blank_line' : 'statement')
    }
  }

  const uri = lines.required(URI_LABEL)
  if (!isUri(uri)) throw new SiweMessageError('uri')
  if (lines.required(VERSION_LABEL) !== '1') throw new SiweMessageError('version')
  const chainIdText = lines.required(CHAIN_ID_LABEL)
  const chainId = Number(chainIdText)
  if (!DIGITS.test(chainIdText) || !Number.isSafeInteger(chainId)) throw new SiweMessageError('chain_id')
  const nonce = lines.required(NONCE_LABEL)
  if (!NONCE.test(nonce)) throw new SiweMessageError('nonce')
  const issuedAt = readDate(lines.required(ISSUED_AT_LABEL), 'issued_at')

  const expirationText = lines.optional(EXPIRATION_TIME_LABEL)
  const expirationTime =
    expirationText === undefined ? undefined : readDate(expirationText, 'expiration_time')
  const notBeforeText = lines.optional(NOT_BEFORE_LABEL)
  const notBefore = notBeforeText === undefined ? undefined : readDate(notBeforeText, 'not_before')
  const requestId = lines.optional(REQUEST_ID_LABEL)
  if (requestId !== undefined && !isPcharString(requestId)) throw new SiweMessageError('request_id')

  let resources: string[] | undefined
  if (lines.peek() === RESOURCES_LINE) {
    lines.next()
    resources = []
    for (let line = lines.peek(); line?.startsWith(RESOURCE_PREFIX); line = lines.peek()) {
      const resource = line.slice(RESOURCE_PREFIX.length)
      if (!isUri(resource)) throw new SiweMessageError('resource')
      resources.push(resource)
      lines.next()
    }
  }
  lines.end()

  return {
    ...(scheme === undefined ? {} : { scheme }),
    domain,
    address,
    ...(statement === undefined ? {} : { statement }),
    uri,
    version: '1',
    chainId,
    nonce,
    issuedAt,
    ...(expirationTime ? { expirationTime } : {}),
    ...(notBefore ? { notBefore } : {}),
    ...(requestId === undefined ? {} : { requestId }),
    ...(resources ? { resources } : {}),
  }
}
