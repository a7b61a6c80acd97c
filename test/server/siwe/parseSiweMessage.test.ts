/**
 * The strict EIP-4361 reader (server/siwe/parseMessage.ts) on its own: the EIP's own
 * examples read back to their fields, each rule of the grammar refuses what breaks it with
 * its named reason, RFC 3339 dates exist on the calendar, RFC 3986 URIs and authorities are
 * what the RFC says, and what the plugin's message builder writes is read back unchanged.
 * The same rules through the verifier over HTTP, signed: verifierGrammar.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { buildSiweMessage } from '../../../plugins/siwe/buildSiweMessage.js'
import {
  parseSiweMessage,
  SiweMessageError,
  type SiweMessageFault,
  type SiweMessageFields,
} from '../../../server/siwe/parseMessage.js'
import { parseDateTime } from '../../../server/siwe/rfc3339.js'
import { isAuthority, isIpv6Address, isUri } from '../../../server/siwe/rfc3986.js'

const ADDRESS = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'

/** The EIP's first example: implicit scheme, a statement, two resources. */
const EXAMPLE = [
  'example.com wants you to sign in with your Ethereum account:',
  ADDRESS,
  '',
  'I accept the ExampleOrg Terms of Service: https://example.com/tos',
  '',
  'URI: https://example.com/login',
  'Version: 1',
  'Chain ID: 1',
  'Nonce: 32891756',
  'Issued At: 2021-09-30T16:25:24Z',
  'Resources:',
  '- ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/',
  '- https://example.com/my-web2-claim.json',
].join('\n')

/** Every optional field, in the grammar's order. */
const FULL = [
  'https://example.com:8443 wants you to sign in with your Ethereum account:',
  ADDRESS,
  '',
  'Sign in',
  '',
  'URI: https://example.com:8443/login?next=%2Fhome#top',
  'Version: 1',
  'Chain ID: 8453',
  'Nonce: abcDEF123456',
  'Issued At: 2024-02-29T23:59:59.123+01:00',
  'Expiration Time: 2024-03-01T00:10:00Z',
  'Not Before: 2024-02-29T22:00:00Z',
  "Request ID: req-1:a@b!$&'()*+,;=%20",
  'Resources:',
  '- urn:isbn:0451450523',
].join('\n')

function reasonOf(text: string): SiweMessageFault | 'accepted' {
  try {
    parseSiweMessage(text)
    return 'accepted'
  } catch (error) {
    expect(error).toBeInstanceOf(SiweMessageError)
    return (error as SiweMessageError).reason
  }
}

/** Replaces exactly one occurrence of `from` (the test's own mistake otherwise). */
function edit(text: string, from: string, to: string): string {
  expect(text.split(from).length, `"${from}" once in the message`).toBe(2)
  return text.replace(from, to)
}

describe('parseSiweMessage: reads', () => {
  it("the EIP's examples: implicit scheme, explicit port, explicit scheme", () => {
    expect(parseSiweMessage(EXAMPLE)).toEqual({
      domain: 'example.com',
      address: ADDRESS,
      statement: 'I accept the ExampleOrg Terms of Service: https://example.com/tos',
      uri: 'https://example.com/login',
      version: '1',
      chainId: 1,
      nonce: '32891756',
      issuedAt: new Date('2021-09-30T16:25:24Z'),
      resources: [
        'ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/',
        'https://example.com/my-web2-claim.json',
      ],
    } satisfies SiweMessageFields)
    expect(parseSiweMessage(edit(EXAMPLE, 'example.com wants', 'example.com:3388 wants')).domain).toBe(
      'example.com:3388',
    )
    expect(parseSiweMessage(edit(EXAMPLE, 'example.com wants', 'https://example.com wants'))).toMatchObject({
      scheme: 'https',
      domain: 'example.com',
    })
  })

  it('every optional field, in order', () => {
    expect(parseSiweMessage(FULL)).toEqual({
      scheme: 'https',
      domain: 'example.com:8443',
      address: ADDRESS,
      statement: 'Sign in',
      uri: 'https://example.com:8443/login?next=%2Fhome#top',
      version: '1',
      chainId: 8453,
      nonce: 'abcDEF123456',
      issuedAt: new Date('2024-02-29T22:59:59.123Z'),
      expirationTime: new Date('2024-03-01T00:10:00Z'),
      notBefore: new Date('2024-02-29T22:00:00Z'),
      requestId: "req-1:a@b!$&'()*+,;=%20",
      resources: ['urn:isbn:0451450523'],
    } satisfies SiweMessageFields)
  })

  it('no statement (one empty line), an empty statement (two), an empty Request ID, no resources under Resources:', () => {
    const none = edit(EXAMPLE, '\nI accept the ExampleOrg Terms of Service: https://example.com/tos\n', '\n')
    expect(parseSiweMessage(none)).not.toHaveProperty('statement')
    const empty = edit(EXAMPLE, 'I accept the ExampleOrg Terms of Service: https://example.com/tos', '')
    expect(parseSiweMessage(empty).statement).toBe('')
    const bare = `${EXAMPLE.slice(0, EXAMPLE.indexOf('\nResources:'))}\nRequest ID: \nResources:`
    expect(parseSiweMessage(bare)).toMatchObject({ requestId: '', resources: [] })
  })

  it('an address without letters needs no checksum', () => {
    const digits = '0x1234567890123456789012345678901234567890'
    expect(parseSiweMessage(edit(EXAMPLE, ADDRESS, digits)).address).toBe(digits)
  })
})

describe('parseSiweMessage: refuses, one rule of the grammar each', () => {
  const statement = 'I accept the ExampleOrg Terms of Service: https://example.com/tos'
  const cases: [string, string, SiweMessageFault][] = [
    // Characters: printable ASCII and LF only.
    ['a NUL byte', edit(EXAMPLE, 'I accept', 'I\0accept'), 'characters'],
    ['CRLF line ends', EXAMPLE.replaceAll('\n', '\r\n'), 'characters'],
    ['a tab', edit(EXAMPLE, 'I accept', 'I\taccept'), 'characters'],
    ['non-ASCII text', edit(EXAMPLE, 'I accept', 'I accépt'), 'characters'],
    // The header line.
    [
      'another sentence in the header',
      edit(EXAMPLE, 'wants you to sign in', 'wants you to log in'),
      'header',
    ],
    ['text before the header', `Hello\n${EXAMPLE}`, 'header'],
    [
      'a scheme that is not an RFC 3986 scheme',
      edit(EXAMPLE, 'example.com wants', '1http://example.com wants'),
      'scheme',
    ],
    ['a domain with a path', edit(EXAMPLE, 'example.com wants', 'example.com/app wants'), 'domain'],
    ['a domain with a space', edit(EXAMPLE, 'example.com wants', 'example .com wants'), 'domain'],
    [
      'a domain with a port that is not digits',
      edit(EXAMPLE, 'example.com wants', 'example.com:ab wants'),
      'domain',
    ],
    // The address.
    ['an address of 39 hex digits', edit(EXAMPLE, ADDRESS, ADDRESS.slice(0, -1)), 'address'],
    ['an address without 0x', edit(EXAMPLE, ADDRESS, `00${ADDRESS.slice(2)}`), 'address'],
    ['an address with 0X', edit(EXAMPLE, ADDRESS, `0X${ADDRESS.slice(2)}`), 'address'],
    ['an all-lowercase address', edit(EXAMPLE, ADDRESS, ADDRESS.toLowerCase()), 'address_checksum'],
    [
      'an all-uppercase address',
      edit(EXAMPLE, ADDRESS, `0x${ADDRESS.slice(2).toUpperCase()}`),
      'address_checksum',
    ],
    [
      'an address with one letter re-cased',
      edit(EXAMPLE, ADDRESS, ADDRESS.replace('aaA', 'aaa')),
      'address_checksum',
    ],
    // The empty lines and the statement.
    ['no empty line after the address', edit(EXAMPLE, `${ADDRESS}\n\n`, `${ADDRESS}\n`), 'blank_line'],
    ['no empty line after the statement', edit(EXAMPLE, `${statement}\n\n`, `${statement}\n`), 'blank_line'],
    ['a statement over two lines', edit(EXAMPLE, 'Terms of Service: ', 'Terms of Service:\n'), 'statement'],
    ['a statement with a double quote', edit(EXAMPLE, 'ExampleOrg', '"ExampleOrg"'), 'statement'],
    ['a statement with %', edit(EXAMPLE, 'ExampleOrg', '100% ExampleOrg'), 'statement'],
    ['a statement with < and >', edit(EXAMPLE, 'ExampleOrg', '<ExampleOrg>'), 'statement'],
    // The fields.
    ['a URI that is not a URI', edit(EXAMPLE, 'URI: https://example.com/login', 'URI: not a uri'), 'uri'],
    ['a relative URI', edit(EXAMPLE, 'URI: https://example.com/login', 'URI: /login'), 'uri'],
    ['a URI with a bad percent escape', edit(EXAMPLE, 'example.com/login', 'example.com/%zz'), 'uri'],
    ['Version 2', edit(EXAMPLE, 'Version: 1', 'Version: 2'), 'version'],
    ['Version 1.0', edit(EXAMPLE, 'Version: 1', 'Version: 1.0'), 'version'],
    ['a hexadecimal Chain ID', edit(EXAMPLE, 'Chain ID: 1', 'Chain ID: 0x1'), 'chain_id'],
    ['a negative Chain ID', edit(EXAMPLE, 'Chain ID: 1', 'Chain ID: -1'), 'chain_id'],
    ['an empty Chain ID', edit(EXAMPLE, 'Chain ID: 1', 'Chain ID: '), 'chain_id'],
    ['a Chain ID beyond 2^53 - 1', edit(EXAMPLE, 'Chain ID: 1', 'Chain ID: 9007199254740993'), 'chain_id'],
    ['a nonce of 7 characters', edit(EXAMPLE, 'Nonce: 32891756', 'Nonce: 3289175'), 'nonce'],
    ['a nonce with a hyphen', edit(EXAMPLE, 'Nonce: 32891756', 'Nonce: 3289-1756'), 'nonce'],
    ['Issued At on 30 February', edit(EXAMPLE, '2021-09-30T16', '2021-02-30T16'), 'issued_at'],
    ['Issued At on 31 September', edit(EXAMPLE, '2021-09-30T16', '2021-09-31T16'), 'issued_at'],
    [
      'Issued At on 29 February of a common year',
      edit(EXAMPLE, '2021-09-30T16', '2021-02-29T16'),
      'issued_at',
    ],
    ['Issued At at hour 24', edit(EXAMPLE, 'T16:25:24Z', 'T24:00:00Z'), 'issued_at'],
    ['Issued At at minute 60', edit(EXAMPLE, 'T16:25:24Z', 'T16:60:00Z'), 'issued_at'],
    ['Issued At in month 13', edit(EXAMPLE, '2021-09-30T16', '2021-13-30T16'), 'issued_at'],
    ['Issued At without an offset', edit(EXAMPLE, 'T16:25:24Z', 'T16:25:24'), 'issued_at'],
    ['Issued At with a space for T', edit(EXAMPLE, '2021-09-30T16', '2021-09-30 16'), 'issued_at'],
    ['Issued At with trailing text', edit(EXAMPLE, 'T16:25:24Z', 'T16:25:24Z and more'), 'issued_at'],
    [
      'a leap second that is not at the end of June or December',
      edit(EXAMPLE, 'T16:25:24Z', 'T23:59:60Z'),
      'issued_at',
    ],
    [
      'Expiration Time on 30 February',
      `${EXAMPLE.split('\nResources:')[0]}\nExpiration Time: 2023-02-30T00:00:00Z`,
      'expiration_time',
    ],
    [
      'Not Before with offset +24:00',
      `${EXAMPLE.split('\nResources:')[0]}\nNot Before: 2023-01-01T00:00:00+24:00`,
      'not_before',
    ],
    ['a Request ID with a space', `${EXAMPLE.split('\nResources:')[0]}\nRequest ID: a b`, 'request_id'],
    [
      'a resource that is not a URI',
      edit(EXAMPLE, '- https://example.com/my-web2-claim.json', '- not a uri'),
      'resource',
    ],
    // Order, presence, nothing extra.
    ['no Version line', edit(EXAMPLE, 'Version: 1\n', ''), 'missing_field'],
    ['no Issued At line', edit(EXAMPLE, '\nIssued At: 2021-09-30T16:25:24Z', ''), 'missing_field'],
    [
      'the message cut after the address',
      `example.com wants you to sign in with your Ethereum account:\n${ADDRESS}`,
      'missing_field',
    ],
    [
      'Version and Chain ID swapped',
      edit(EXAMPLE, 'Version: 1\nChain ID: 1', 'Chain ID: 1\nVersion: 1'),
      'field_order',
    ],
    ['Nonce twice', edit(EXAMPLE, 'Nonce: 32891756', 'Nonce: 32891756\nNonce: 32891756'), 'field_order'],
    [
      'Expiration Time after Not Before',
      `${EXAMPLE.split('\nResources:')[0]}\nNot Before: 2021-09-30T16:25:24Z\nExpiration Time: 2021-10-30T16:25:24Z`,
      'field_order',
    ],
    [
      'Not Before after Request ID',
      `${EXAMPLE.split('\nResources:')[0]}\nRequest ID: 1\nNot Before: 2099-01-01T00:00:00Z`,
      'field_order',
    ],
    ['a field after Resources', `${EXAMPLE}\nRequest ID: 1`, 'field_order'],
    ['an unknown field', edit(EXAMPLE, 'Version: 1', 'Version: 1\nColor: blue'), 'unexpected_line'],
    ['an empty line between fields', edit(EXAMPLE, 'Version: 1', 'Version: 1\n'), 'unexpected_line'],
    ['an extra line at the end', `${EXAMPLE}\nThanks`, 'unexpected_line'],
    ['a line feed at the end', `${EXAMPLE}\n`, 'unexpected_line'],
    ['a resource line without "- "', `${EXAMPLE}\nhttps://example.com/x`, 'unexpected_line'],
    [
      'a third empty line before URI',
      edit(EXAMPLE, `${statement}\n\n`, `${statement}\n\n\n`),
      'unexpected_line',
    ],
  ]
  it.each(cases)('%s', (_name, text, reason) => {
    expect(reasonOf(text)).toBe(reason)
  })
})

describe('RFC 3339 date-times exist on the calendar', () => {
  it.each([
    ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00.000Z'],
    ['2000-02-29T12:00:00Z', '2000-02-29T12:00:00.000Z'],
    ['2021-09-30t16:25:24z', '2021-09-30T16:25:24.000Z'],
    ['2021-09-30T16:25:24.123456789-05:30', '2021-09-30T21:55:24.123Z'],
    ['0001-01-01T00:00:00Z', '0001-01-01T00:00:00.000Z'],
    ['2016-12-31T23:59:60Z', '2017-01-01T00:00:00.000Z'],
    ['2015-06-30T19:59:60-04:00', '2015-07-01T00:00:00.000Z'],
  ])('reads %s', (text, iso) => {
    expect(parseDateTime(text)?.toISOString()).toBe(iso)
  })

  it.each([
    '1900-02-29T00:00:00Z',
    '2023-04-31T00:00:00Z',
    '2023-00-10T00:00:00Z',
    '2023-01-00T00:00:00Z',
    '2023-01-01T23:59:61Z',
    '2023-01-01T00:00:00+00:60',
    '2023-01-01T00:00:00.Z',
    '2023-1-01T00:00:00Z',
    '+2023-01-01T00:00:00Z',
    '2016-12-31T22:59:60Z',
  ])('refuses %s', (text) => {
    expect(parseDateTime(text)).toBeUndefined()
  })
})

describe('RFC 3986', () => {
  it.each([
    'https://example.com',
    'https://user:pw@example.com:8443/a/b;c?d=e&f#g',
    'http://[::1]:5173/',
    'http://[2001:db8::7]/c=GB?objectClass?one',
    'http://[::ffff:192.0.2.1]/',
    'http://[v1.fe80::a+en1]/',
    'ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/',
    'mailto:John.Doe@example.com',
    'urn:oasis:names:specification:docbook:dtd:xml:4.1.2',
    'file:///etc/hosts',
    'did:pkh:eip155:1:0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
    'a:',
  ])('a URI: %s', (text) => {
    expect(isUri(text)).toBe(true)
  })

  it.each([
    '',
    'example.com',
    '//example.com/path',
    '1http://example.com',
    'https://exa mple.com',
    'https://example.com/<script>',
    'https://example.com/%2',
    'https://example.com#a#b',
    'http://[::1/',
    'http://[1:2:3:4:5:6:7:8:9]/',
    'http://[::1::2]/',
    'http://[::256.0.0.1]/',
    'https://example.com:80a/',
    'https://a@b@example.com/',
  ])('not a URI: %s', (text) => {
    expect(isUri(text)).toBe(false)
  })

  it('authorities and IPv6 addresses', () => {
    expect(isAuthority('127.0.0.1:5173')).toBe(true)
    expect(isAuthority('localhost')).toBe(true)
    expect(isAuthority(':8080')).toBe(true)
    expect(isAuthority('example.com:')).toBe(true)
    expect(isAuthority('example.com/')).toBe(false)
    expect(isAuthority('[::1]x')).toBe(false)
    expect(isIpv6Address('1:2:3:4:5:6:7:8')).toBe(true)
    expect(isIpv6Address('1:2:3:4:5:6:1.2.3.4')).toBe(true)
    expect(isIpv6Address('::')).toBe(true)
    expect(isIpv6Address('1:2:3:4:5:6:7')).toBe(false)
    expect(isIpv6Address('1::2:3:4:5:6:7:8')).toBe(false)
    expect(isIpv6Address('12345::')).toBe(false)
  })
})

describe('the plugin builds what the verifier reads (round trip)', () => {
  const base = {
    address: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
    chainId: 31337,
    nonce: 'a1b2c3d4e5f60718a1b2c3d4e5f60718',
    domain: '127.0.0.1:5173',
    uri: 'http://127.0.0.1:5173',
    issuedAt: '2025-01-02T03:04:05.678Z',
  }

  it('with a statement and an Expiration Time', () => {
    const text = buildSiweMessage({
      ...base,
      statement: 'Sign in to Latch Demo',
      expirationTime: '2025-01-02T03:14:05.678Z',
    })
    expect(parseSiweMessage(text)).toEqual({
      domain: '127.0.0.1:5173',
      // The builder writes the EIP-55 form of a lower-case address.
      address: ADDRESS,
      statement: 'Sign in to Latch Demo',
      uri: 'http://127.0.0.1:5173',
      version: '1',
      chainId: 31337,
      nonce: base.nonce,
      issuedAt: new Date(base.issuedAt),
      expirationTime: new Date('2025-01-02T03:14:05.678Z'),
    } satisfies SiweMessageFields)
  })

  it('without statement or expiry', () => {
    const fields = parseSiweMessage(buildSiweMessage(base))
    expect(fields).not.toHaveProperty('statement')
    expect(fields).not.toHaveProperty('expirationTime')
    expect(fields).toMatchObject({ address: ADDRESS, chainId: 31337, nonce: base.nonce })
  })

  it('a statement from an app name with characters EIP-4361 does not allow becomes one the verifier reads', () => {
    const text = buildSiweMessage({ ...base, statement: 'Sign in to Café "Zoë" <beta> | 100%\tnow' })
    expect(parseSiweMessage(text).statement).toBe('Sign in to Cafe Zoe beta 100 now')
  })
})
