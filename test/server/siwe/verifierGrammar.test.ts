/**
 * The verifier over HTTP (a real server on a port, real anvil chains, PGlite) against
 * messages that break one rule of EIP-4361 each. Every message is signed by the account
 * it names, so the signature is good and the grammar alone decides. Before the verifier
 * read messages strictly, most of these were accepted (200), a URI that is not a URI was
 * 422 uri_mismatch and a NUL byte was a 500 in plain text.
 */
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixtureAccounts } from '../../../devstack/fixtures.js'
import { buildSiweMessage } from '../../../plugins/siwe/buildSiweMessage.js'
import {
  createSiweVerifier,
  ISSUED_AT_MAX_CLOCK_SKEW_SECONDS,
  type SiweVerifierServer,
  type StartedSiweVerifier,
} from '../../../server/siwe/index.js'
import { getDevstack } from '../../support/devstack.js'
import { expectErrorShape } from '../../support/errorShape.js'
import { paddedJson, throughOneAgent } from '../../support/keepAlive.js'

const ORIGIN = 'http://127.0.0.1:5173'
const DOMAIN = '127.0.0.1:5173'
const { chains } = getDevstack()
const CHAIN_ID = chains[0]!.chainId
const signer = privateKeyToAccount(fixtureAccounts[1]!.privateKey)
const STATEMENT = 'Sign in to Latch Demo'

let verifier: SiweVerifierServer
let served: StartedSiweVerifier

beforeAll(async () => {
  verifier = await createSiweVerifier({ origin: ORIGIN, chains })
  served = await verifier.start()
})
afterAll(async () => {
  await served?.stop()
})

type Answer = {
  status: number
  contentType: string
  text: string
  body: {
    error?: string
    code?: string
    reason?: string
    message?: string
    session?: { address: string; expirationTime: string }
  }
}

async function request(method: string, path: string, body?: string): Promise<Answer> {
  const response = await fetch(`${served.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body }),
  })
  const text = await response.text()
  let parsed: Answer['body'] = {}
  try {
    parsed = JSON.parse(text) as Answer['body']
  } catch {
    // Left empty: the assertions on the answer say what was expected.
  }
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text,
    body: parsed,
  }
}

async function nonce(): Promise<string> {
  return ((await request('POST', '/siwe/nonce')).body as { nonce: string }).nonce
}

const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString()

/** A message for the app, written line by line as EIP-4361's grammar has it. */
function siweText(fields: { nonce: string; scheme?: string; issuedAt?: string; extra?: string[] }): string {
  return [
    `${fields.scheme ? `${fields.scheme}://` : ''}${DOMAIN} wants you to sign in with your Ethereum account:`,
    signer.address,
    '',
    STATEMENT,
    '',
    `URI: ${ORIGIN}/`,
    'Version: 1',
    `Chain ID: ${CHAIN_ID}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt ?? iso(0)}`,
    ...(fields.extra ?? []),
  ].join('\n')
}

function verify(message: string, signature: string) {
  return request('POST', '/siwe/verify', JSON.stringify({ message, signature }))
}

/** Signs `message` with the account it names and asks the verifier. */
async function signAndVerify(message: string) {
  return verify(message, await signer.signMessage({ message }))
}

/** A refusal: JSON, the code in `error` and `code`, a bounded message of fixed text. */
function expectRefusal(answer: Answer, status: number, code: string, reason?: string) {
  expect(answer.contentType).toContain('application/json')
  expect(answer).toMatchObject({
    status,
    // `code` in the servers' UPPER_SNAKE; `error` (and a top-level `reason`) kept for older clients.
    body: {
      error: code,
      code: code.toUpperCase(),
      ...(reason ? { reason, details: { reason } } : {}),
      message: expect.any(String),
    },
  })
  expect(answer.text.length).toBeLessThan(400)
}

/** Replaces exactly one occurrence of `from`. */
function edit(text: string, from: string, to: string): string {
  expect(text.split(from).length, `"${from}" once in the message`).toBe(2)
  return text.replace(from, to)
}

const lowerCased = signer.address.toLowerCase()
/** The address with its first checksum letter re-cased: one wrong capital. */
const recased = (() => {
  const at = signer.address.slice(2).search(/[a-fA-F]/) + 2
  const letter = signer.address[at] as string
  const flipped = letter === letter.toUpperCase() ? letter.toLowerCase() : letter.toUpperCase()
  return signer.address.slice(0, at) + flipped + signer.address.slice(at + 1)
})()

describe('siwe verifier over HTTP: refuses what breaks the EIP-4361 grammar (400 invalid_message)', () => {
  const cases: [string, (n: string) => string, string][] = [
    ['a header with other wording', (n) => edit(siweText({ nonce: n }), 'sign in', 'log in'), 'header'],
    ['a scheme that is not a URI scheme', (n) => siweText({ nonce: n, scheme: '1http' }), 'scheme'],
    [
      'a domain that is not an authority',
      (n) => edit(siweText({ nonce: n }), `${DOMAIN} wants`, `${DOMAIN}/app wants`),
      'domain',
    ],
    [
      'an address of 39 hex digits',
      (n) => edit(siweText({ nonce: n }), signer.address, signer.address.slice(0, -1)),
      'address',
    ],
    [
      'an all-lowercase address (not EIP-55)',
      (n) => edit(siweText({ nonce: n }), signer.address, lowerCased),
      'address_checksum',
    ],
    [
      'an address with a wrong checksum capital',
      (n) => edit(siweText({ nonce: n }), signer.address, recased),
      'address_checksum',
    ],
    [
      'no empty line after the address',
      (n) => edit(siweText({ nonce: n }), `${signer.address}\n\n`, `${signer.address}\n`),
      'blank_line',
    ],
    [
      'a statement over two lines',
      (n) => edit(siweText({ nonce: n }), 'Sign in to', 'Sign in\nto'),
      'statement',
    ],
    [
      'a statement with a character the EIP does not allow',
      (n) => edit(siweText({ nonce: n }), STATEMENT, `"${STATEMENT}"`),
      'statement',
    ],
    [
      'a URI that is not a URI',
      (n) => edit(siweText({ nonce: n }), `URI: ${ORIGIN}/`, 'URI: not a uri'),
      'uri',
    ],
    ['Version 2', (n) => edit(siweText({ nonce: n }), 'Version: 1', 'Version: 2'), 'version'],
    [
      'a hexadecimal Chain ID',
      (n) => edit(siweText({ nonce: n }), `Chain ID: ${CHAIN_ID}`, `Chain ID: 0x${CHAIN_ID.toString(16)}`),
      'chain_id',
    ],
    [
      'a nonce with a character that is not alphanumeric',
      (n) => siweText({ nonce: `${n.slice(0, 8)}-${n.slice(8)}` }),
      'nonce',
    ],
    [
      'Issued At on 30 February',
      (n) => siweText({ nonce: n, issuedAt: '2025-02-30T10:00:00Z' }),
      'issued_at',
    ],
    ['Issued At at hour 24', (n) => siweText({ nonce: n, issuedAt: '2025-01-10T24:00:00Z' }), 'issued_at'],
    ['Issued At with trailing text', (n) => siweText({ nonce: n, issuedAt: `${iso(0)} (UTC)` }), 'issued_at'],
    [
      'Expiration Time on 31 April',
      (n) => siweText({ nonce: n, extra: ['Expiration Time: 2099-04-31T00:00:00Z'] }),
      'expiration_time',
    ],
    [
      'Not Before on 29 February of a common year',
      (n) => siweText({ nonce: n, extra: ['Not Before: 2025-02-29T00:00:00Z'] }),
      'not_before',
    ],
    ['a Request ID with a space', (n) => siweText({ nonce: n, extra: ['Request ID: a b'] }), 'request_id'],
    [
      'a resource that is not a URI',
      (n) => siweText({ nonce: n, extra: ['Resources:', '- not a uri'] }),
      'resource',
    ],
    ['no Version line', (n) => edit(siweText({ nonce: n }), 'Version: 1\n', ''), 'missing_field'],
    [
      'Version and Chain ID swapped',
      (n) =>
        edit(
          siweText({ nonce: n }),
          `Version: 1\nChain ID: ${CHAIN_ID}`,
          `Chain ID: ${CHAIN_ID}\nVersion: 1`,
        ),
      'field_order',
    ],
    [
      'a field written twice',
      (n) => edit(siweText({ nonce: n }), 'Version: 1', 'Version: 1\nVersion: 1'),
      'field_order',
    ],
    [
      // The verifier used to drop the out-of-order field and give the session 7 days.
      'an Expiration Time placed after Not Before',
      (n) =>
        siweText({ nonce: n, extra: [`Not Before: ${iso(-60_000)}`, `Expiration Time: ${iso(60_000)}`] }),
      'field_order',
    ],
    [
      // The verifier used to drop it, so the message worked before it was valid.
      'a Not Before placed after Request ID',
      (n) => siweText({ nonce: n, extra: ['Request ID: 42', `Not Before: ${iso(3_600_000)}`] }),
      'field_order',
    ],
    [
      'an unknown field',
      (n) => edit(siweText({ nonce: n }), 'Version: 1', 'Version: 1\nColor: blue'),
      'unexpected_line',
    ],
    ['an extra line at the end', (n) => `${siweText({ nonce: n })}\nThank you`, 'unexpected_line'],
    ['a line feed after the last field', (n) => `${siweText({ nonce: n })}\n`, 'unexpected_line'],
    ['CRLF line ends', (n) => siweText({ nonce: n }).replaceAll('\n', '\r\n'), 'characters'],
    // PostgreSQL refuses the byte; it used to reach it and answer 500 in plain text.
    ['a NUL byte', (n) => edit(siweText({ nonce: n }), STATEMENT, `${STATEMENT}\0`), 'characters'],
  ]

  it.each(cases)('%s', async (_name, build, reason) => {
    expectRefusal(await signAndVerify(build(await nonce())), 400, 'invalid_message', reason)
  })
})

describe('siwe verifier over HTTP: binds the fields to the app and to now', () => {
  it('accepts a message with every optional field in order, the scheme written out', async () => {
    const message = siweText({
      nonce: await nonce(),
      scheme: 'http',
      extra: [
        `Expiration Time: ${iso(600_000)}`,
        `Not Before: ${iso(-60_000)}`,
        "Request ID: req-1:a@b!$&'()*+,;=%20",
        'Resources:',
        '- ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/',
        `- ${ORIGIN}/terms`,
      ],
    })
    const answer = await signAndVerify(message)
    expect(answer.status).toBe(200)
    expect(answer.body.session?.address).toBe(signer.address)
  })

  it('a scheme before the domain that is not the origin scheme: 422 scheme_mismatch', async () => {
    expectRefusal(
      await signAndVerify(siweText({ nonce: await nonce(), scheme: 'https' })),
      422,
      'scheme_mismatch',
    )
  })

  it(`Issued At a year ahead: 422 message_issued_in_future; within ${ISSUED_AT_MAX_CLOCK_SKEW_SECONDS / 60} minutes ahead: accepted`, async () => {
    const yearAhead = siweText({ nonce: await nonce(), issuedAt: iso(365 * 24 * 3_600_000) })
    expectRefusal(await signAndVerify(yearAhead), 422, 'message_issued_in_future')
    const skewMs = (ISSUED_AT_MAX_CLOCK_SKEW_SECONDS - 60) * 1000
    expect((await signAndVerify(siweText({ nonce: await nonce(), issuedAt: iso(skewMs) }))).status).toBe(200)
  })

  it('a Not Before ahead, in its place: 422 message_not_yet_valid', async () => {
    const message = siweText({ nonce: await nonce(), extra: ['Request ID: 42'] })
    const ahead = edit(message, 'Request ID: 42', `Not Before: ${iso(3_600_000)}\nRequest ID: 42`)
    expectRefusal(await signAndVerify(ahead), 422, 'message_not_yet_valid')
  })

  it('the signed Expiration Time ends the session, also with Not Before and Request ID after it', async () => {
    const expirationTime = iso(120_000)
    const message = siweText({
      nonce: await nonce(),
      extra: [`Expiration Time: ${expirationTime}`, `Not Before: ${iso(-60_000)}`, 'Request ID: 7'],
    })
    const answer = await signAndVerify(message)
    expect(answer.status).toBe(200)
    expect(answer.body.session?.expirationTime).toBe(expirationTime)
  })
})

describe('siwe verifier over HTTP: what the plugin builds is accepted (round trip)', () => {
  it('the message of buildSiweMessage, from a lower-case address and an app name with quotes and accents', async () => {
    const issuedAt = new Date()
    const message = buildSiweMessage({
      address: signer.address.toLowerCase(),
      chainId: CHAIN_ID,
      nonce: await nonce(),
      domain: DOMAIN,
      uri: ORIGIN,
      issuedAt: issuedAt.toISOString(),
      expirationTime: new Date(issuedAt.getTime() + 600_000).toISOString(),
      statement: 'Sign in to Café "Zoë"',
    })
    const answer = await signAndVerify(message)
    expect(answer.status).toBe(200)
    expect(answer.body.session?.address).toBe(signer.address)
  })
})

describe('siwe verifier over HTTP: signatures are whole bytes of a signature size', () => {
  it.each([
    ['an odd number of hex digits (a good signature and one more digit)', (s: string) => `${s}0`],
    ['a good signature less its last digit', (s: string) => s.slice(0, -1)],
    ['64 bytes (EIP-2098 compact is not taken)', (s: string) => s.slice(0, 2 + 128)],
    ['not hex', (s: string) => `${s.slice(0, -2)}zz`],
    ['no 0x', (s: string) => s.slice(2)],
    ['over 10,000 bytes', (s: string) => `${s}${'00'.repeat(10_000)}`],
  ])('refuses %s: 400 signature_malformed', async (_name, mangle) => {
    const message = siweText({ nonce: await nonce() })
    const signature = await signer.signMessage({ message })
    expectRefusal(await verify(message, mangle(signature)), 400, 'signature_malformed')
    // The nonce is still good: the real signature goes through.
    expect((await verify(message, signature)).status).toBe(200)
  })
})

describe('siwe verifier over HTTP: every error is JSON and repeats nothing of the request', () => {
  it('a bad request is answered in the one error shape, the older error and reason kept beside it', async () => {
    const post = (body: string) =>
      fetch(`${served.url}/siwe/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
    const bad = await expectErrorShape(await post('{"message":'), 400, 'INVALID_REQUEST', ['error'])
    expect(bad.error).toBe('invalid_request')
    const notSiwe = await expectErrorShape(
      await post(JSON.stringify({ message: 'hello', signature: `0x${'11'.repeat(65)}` })),
      400,
      'INVALID_MESSAGE',
      ['error', 'reason'],
    )
    expect(notSiwe).toMatchObject({ error: 'invalid_message', details: { reason: notSiwe.reason } })
    expect(typeof notSiwe.reason).toBe('string')
  })

  it('an unknown path or method under /siwe/: 404 not_found', async () => {
    expectRefusal(await request('GET', '/siwe/nowhere'), 404, 'not_found')
    expectRefusal(await request('GET', '/siwe/verify'), 404, 'not_found')
    expectRefusal(await request('DELETE', '/siwe/session'), 404, 'not_found')
  })

  it('a body that is not JSON, or not { message, signature }: 400 invalid_request', async () => {
    expectRefusal(await request('POST', '/siwe/verify', '{"message":'), 400, 'invalid_request')
    expectRefusal(
      await request('POST', '/siwe/verify', '{"message":"x","signature":1}'),
      400,
      'invalid_request',
    )
  })

  it('a body over 64 KiB: 413 request_too_large', async () => {
    const huge = JSON.stringify({ message: 'x'.repeat(70_000), signature: '0x' })
    expectRefusal(await request('POST', '/siwe/verify', huge), 413, 'request_too_large')
  })

  it('a 2 MiB body on a keep-alive connection: 413 and Connection: close, and the next request is answered', async () => {
    const [refused, next] = await throughOneAgent(served.url, [
      { method: 'POST', path: '/siwe/verify', body: paddedJson() },
      { method: 'POST', path: '/siwe/nonce' },
    ])
    expect(refused).toMatchObject({ status: 413, headers: { connection: 'close' } })
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'REQUEST_TOO_LARGE', error: 'request_too_large' })
    expect(next).toMatchObject({ status: 200, socket: 2 })
  })

  it('a long refused message is not echoed', async () => {
    const marker = 'Zq'.repeat(3_000)
    const message = edit(siweText({ nonce: await nonce() }), STATEMENT, `${STATEMENT} ${marker}`)
    const answer = await signAndVerify(`${message}\nextra`)
    expectRefusal(answer, 400, 'invalid_message', 'unexpected_line')
    expect(answer.text).not.toContain('ZqZq')
  })
})
