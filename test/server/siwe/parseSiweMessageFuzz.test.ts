/**
 * Property-based fuzzing of the strict EIP-4361 reader (server/siwe/parseMessage.ts) with
 * fast-check. Generated valid messages read back to the fields they were written from;
 * the same messages mutated (lines swapped, duplicated or dropped, random characters and
 * bytes inserted, dates perturbed, addresses re-cased) and plain random text never make
 * the reader throw anything but a SiweMessageError with a named reason, and the mutations
 * with a known answer (a re-cased address, a perturbed date) get exactly that answer.
 *
 * Runs per property: `fuzzRuns()` (1000, or LATCHKIT_FUZZ_RUNS; 10000 in a nightly-sized run).
 */
import fc from 'fast-check'
import { checksumAddress, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  parseSiweMessage,
  SiweMessageError,
  type SiweMessageFields,
  siweMessageFaults,
} from '../../../server/siwe/parseMessage.js'
import { isUri } from '../../../server/siwe/rfc3986.js'
import { fuzzRuns } from '../../support/fuzzRuns.js'

const numRuns = fuzzRuns()

/** A date-time as RFC 3339 writes it, at a given offset and number of fraction digits. */
type WrittenDate = { date: Date; offsetMinutes: number; fractionDigits: number; lowerCase: boolean }

const two = (n: number) => String(n).padStart(2, '0')

function writeDate({ date, offsetMinutes, fractionDigits, lowerCase }: WrittenDate): string {
  const local = new Date(date.getTime() + offsetMinutes * 60_000)
  const fraction =
    fractionDigits === 0
      ? ''
      : `.${String(local.getUTCMilliseconds()).padStart(3, '0').padEnd(fractionDigits, '0')}`
  const offset =
    offsetMinutes === 0
      ? lowerCase
        ? 'z'
        : 'Z'
      : `${offsetMinutes < 0 ? '-' : '+'}${two(Math.floor(Math.abs(offsetMinutes) / 60))}:${two(Math.abs(offsetMinutes) % 60)}`
  return `${String(local.getUTCFullYear()).padStart(4, '0')}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())}${lowerCase ? 't' : 'T'}${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())}${fraction}${offset}`
}

/** The instant a written date names, to the millisecond the reader keeps. */
function instantOf({ date, fractionDigits }: WrittenDate): Date {
  const ms = date.getTime()
  return new Date(fractionDigits === 0 ? ms - (((ms % 1000) + 1000) % 1000) : ms)
}

const writtenDate = fc.record({
  // Years 0002-9998, so that any offset keeps the local date within 0000-9999.
  date: fc.date({
    min: new Date('0002-01-01T00:00:00Z'),
    max: new Date('9998-12-31T23:59:59.999Z'),
    noInvalidDate: true,
  }),
  offsetMinutes: fc.oneof(fc.constant(0), fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 })),
  fractionDigits: fc.integer({ min: 0, max: 9 }),
  lowerCase: fc.boolean(),
})

type Generated = {
  scheme: string | undefined
  domain: string
  address: string
  statement: string | undefined
  uri: string
  chainId: number
  nonce: string
  issuedAt: WrittenDate
  expirationTime: WrittenDate | undefined
  notBefore: WrittenDate | undefined
  requestId: string | undefined
  resources: string[] | undefined
}

const STATEMENT_CHARS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;= ]{0,60}$/
const PCHARS = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2}){0,30}$/

const generated: fc.Arbitrary<Generated> = fc.record({
  scheme: fc.option(
    fc.oneof(fc.constantFrom('https', 'http'), fc.stringMatching(/^[A-Za-z][A-Za-z0-9+\-.]{0,8}$/)),
    {
      nil: undefined,
    },
  ),
  domain: fc.webAuthority({ withIPv4: true, withIPv6: true, withPort: true, withUserInfo: true }),
  address: fc
    .uint8Array({ minLength: 20, maxLength: 20 })
    .map((bytes) => checksumAddress(`0x${Buffer.from(bytes).toString('hex')}` as Hex)),
  statement: fc.option(fc.stringMatching(STATEMENT_CHARS), { nil: undefined }),
  uri: fc.webUrl({ withQueryParameters: true, withFragments: true }),
  chainId: fc.maxSafeNat(),
  nonce: fc.stringMatching(/^[A-Za-z0-9]{8,40}$/),
  issuedAt: writtenDate,
  expirationTime: fc.option(writtenDate, { nil: undefined }),
  notBefore: fc.option(writtenDate, { nil: undefined }),
  requestId: fc.option(fc.stringMatching(PCHARS), { nil: undefined }),
  resources: fc.option(
    fc.array(fc.webUrl({ withQueryParameters: true, withFragments: true }), { maxLength: 4 }),
    {
      nil: undefined,
    },
  ),
})

/** The message, line by line as EIP-4361's grammar writes it. */
function write(g: Generated): string {
  return [
    `${g.scheme === undefined ? '' : `${g.scheme}://`}${g.domain} wants you to sign in with your Ethereum account:`,
    g.address,
    '',
    // No statement: a second empty line; a statement: it, then an empty line.
    ...(g.statement === undefined ? [''] : [g.statement, '']),
    `URI: ${g.uri}`,
    'Version: 1',
    `Chain ID: ${g.chainId}`,
    `Nonce: ${g.nonce}`,
    `Issued At: ${writeDate(g.issuedAt)}`,
    ...(g.expirationTime ? [`Expiration Time: ${writeDate(g.expirationTime)}`] : []),
    ...(g.notBefore ? [`Not Before: ${writeDate(g.notBefore)}`] : []),
    ...(g.requestId === undefined ? [] : [`Request ID: ${g.requestId}`]),
    ...(g.resources ? ['Resources:', ...g.resources.map((resource) => `- ${resource}`)] : []),
  ].join('\n')
}

function expected(g: Generated): SiweMessageFields {
  return {
    ...(g.scheme === undefined ? {} : { scheme: g.scheme }),
    domain: g.domain,
    address: g.address as SiweMessageFields['address'],
    ...(g.statement === undefined ? {} : { statement: g.statement }),
    uri: g.uri,
    version: '1',
    chainId: g.chainId,
    nonce: g.nonce,
    issuedAt: instantOf(g.issuedAt),
    ...(g.expirationTime ? { expirationTime: instantOf(g.expirationTime) } : {}),
    ...(g.notBefore ? { notBefore: instantOf(g.notBefore) } : {}),
    ...(g.requestId === undefined ? {} : { requestId: g.requestId }),
    ...(g.resources ? { resources: g.resources } : {}),
  }
}

/** Reads `text`; a refusal must be a SiweMessageError with a named reason and its fixed sentence. */
function read(text: string): SiweMessageFields | SiweMessageError {
  try {
    return parseSiweMessage(text)
  } catch (error) {
    if (!(error instanceof SiweMessageError)) throw error
    if (!Object.hasOwn(siweMessageFaults, error.reason)) throw new Error(`unnamed reason ${error.reason}`)
    if (error.message !== siweMessageFaults[error.reason])
      throw new Error('a refusal sentence that is not the fixed one')
    return error
  }
}

/** One change to a message's text. */
type Mutation = (text: string) => string

const lineEdit = (edit: (lines: string[], a: number, b: number) => void) =>
  fc.tuple(fc.nat(), fc.nat()).map(
    ([a, b]): Mutation =>
      (text) => {
        const lines = text.split('\n')
        edit(lines, a % lines.length, b % lines.length)
        return lines.join('\n')
      },
  )

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  // Two lines swapped.
  lineEdit((lines, a, b) => {
    ;[lines[a], lines[b]] = [lines[b] as string, lines[a] as string]
  }),
  // A line duplicated.
  lineEdit((lines, a) => {
    lines.splice(a, 0, lines[a] as string)
  }),
  // A line dropped.
  lineEdit((lines, a) => {
    lines.splice(a, 1)
  }),
  // Random bytes (as Latin-1 characters: NUL, CR, DEL, ...) inserted somewhere.
  fc.tuple(fc.nat(), fc.uint8Array({ minLength: 1, maxLength: 4 })).map(
    ([at, bytes]): Mutation =>
      (text) => {
        const i = at % (text.length + 1)
        return text.slice(0, i) + String.fromCharCode(...bytes) + text.slice(i)
      },
  ),
  // Random text (any Unicode) inserted somewhere.
  fc.tuple(fc.nat(), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 })).map(
    ([at, inserted]): Mutation =>
      (text) => {
        const i = at % (text.length + 1)
        return text.slice(0, i) + inserted + text.slice(i)
      },
  ),
  // A digit of a date replaced (30 February, hour 24, month 13, ... or another real date).
  fc.tuple(fc.nat(), fc.integer({ min: 0, max: 9 })).map(
    ([at, digit]): Mutation =>
      (text) => {
        const lines = text.split('\n')
        const dated = lines.flatMap((line, index) =>
          /^(Issued At|Expiration Time|Not Before): /.test(line) ? [index] : [],
        )
        if (dated.length === 0) return text
        const index = dated[at % dated.length] as number
        const line = lines[index] as string
        const digits = [...line.matchAll(/[0-9]/g)].map((match) => match.index)
        if (digits.length === 0) return text
        const i = digits[Math.floor(at / dated.length) % digits.length] as number
        lines[index] = `${line.slice(0, i)}${digit}${line.slice(i + 1)}`
        return lines.join('\n')
      },
  ),
  // Letters of the address re-cased.
  fc.array(fc.boolean(), { minLength: 42, maxLength: 42 }).map(
    (flips): Mutation =>
      (text) => {
        const lines = text.split('\n')
        lines[1] = [...(lines[1] as string)]
          .map((c, i) => (flips[i] ? (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) : c))
          .join('')
        return lines.join('\n')
      },
  ),
  // A character deleted.
  fc.nat().map(
    (at): Mutation =>
      (text) => {
        const i = at % text.length
        return text.slice(0, i) + text.slice(i + 1)
      },
  ),
)

describe('parseSiweMessage (fuzz)', () => {
  it(`valid generated messages read back to their fields (${numRuns} runs)`, () => {
    fc.assert(
      fc.property(generated, (g) => {
        expect(read(write(g))).toEqual(expected(g))
      }),
      { numRuns },
    )
  })

  it(`valid messages mutated up to three times: fields or a named refusal, never another error (${numRuns} runs)`, () => {
    fc.assert(
      fc.property(generated, fc.array(mutation, { minLength: 1, maxLength: 3 }), (g, mutations) => {
        const text = mutations.reduce((current, mutate) => mutate(current), write(g))
        const answer = read(text)
        // Whatever is read is well formed: a checksummed address and a real instant.
        if (!(answer instanceof SiweMessageError)) {
          expect(checksumAddress(answer.address)).toBe(answer.address)
          expect(Number.isNaN(answer.issuedAt.getTime())).toBe(false)
        }
      }),
      { numRuns },
    )
  })

  it(`a re-cased address is refused as address_checksum unless the casing is unchanged (${numRuns} runs)`, () => {
    fc.assert(
      fc.property(generated, fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }), (g, flips) => {
        const hex = g.address
          .slice(2)
          .split('')
          .map((c, i) => (flips[i] ? (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) : c))
          .join('')
        const recased = `0x${hex}`
        const answer = read(write({ ...g, address: recased }))
        if (recased === g.address) expect(answer).toEqual(expected(g))
        else expect(answer).toMatchObject({ reason: 'address_checksum' })
      }),
      { numRuns },
    )
  })

  it(`a perturbed Issued At is read if and only if it exists on the calendar (${numRuns} runs)`, () => {
    const field = fc.integer({ min: 0, max: 99 })
    fc.assert(
      fc.property(
        generated,
        fc.integer({ min: 100, max: 9999 }),
        field,
        field,
        field,
        field,
        // A second of 60 is a leap second, with rules of its own (see the unit tests).
        field.filter((second) => second !== 60),
        (g, year, month, day, hour, minute, second) => {
          const written = `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}T${two(hour)}:${two(minute)}:${two(second)}Z`
          const text = write(g).replace(/^Issued At: .*$/m, `Issued At: ${written}`)
          // An independent oracle: the components survive a round trip through Date.UTC.
          const instant = new Date(Date.UTC(year, month - 1, day, hour, minute, second))
          const exists =
            instant.getUTCFullYear() === year &&
            instant.getUTCMonth() === month - 1 &&
            instant.getUTCDate() === day &&
            instant.getUTCHours() === hour &&
            instant.getUTCMinutes() === minute &&
            instant.getUTCSeconds() === second
          const answer = read(text)
          if (exists) expect(answer).toMatchObject({ issuedAt: instant })
          else expect(answer).toMatchObject({ reason: 'issued_at' })
        },
      ),
      { numRuns },
    )
  })

  it(`random text, and random text after a valid header: a named refusal, never another error (${numRuns} runs)`, () => {
    const header = 'example.com wants you to sign in with your Ethereum account:\n'
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 400 }),
          fc.string({ unit: 'binary-ascii', maxLength: 400 }),
        ),
        fc.boolean(),
        (text, withHeader) => {
          expect(read(withHeader ? header + text : text)).toBeInstanceOf(SiweMessageError)
        },
      ),
      { numRuns },
    )
  })

  it(`every URI fast-check generates (RFC 3986 web URLs) is a URI to the reader (${numRuns} runs)`, () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (uri) => {
        expect(isUri(uri)).toBe(true)
      }),
      { numRuns },
    )
  })
})
