/**
 * Property-based fuzzing of the verifier's routes with fast-check: any body POSTed to
 * /siwe/verify (random JSON, random strings, signed sign-in messages mutated, signatures of
 * every length) and any path under /siwe/ is answered with a named refusal: a 4xx status,
 * a JSON `{ error, code, message }` of bounded size, never a 5xx. The app answers the
 * requests in process (`app.request`), as in verifier.test.ts.
 *
 * Runs per property: `fuzzRuns()` (1000, or LATCHKIT_FUZZ_RUNS; 10000 in a nightly-sized run).
 */
import fc from 'fast-check'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixtureAccounts } from '../../../devstack/fixtures.js'
import { createSiweVerifier, type SiweVerifierServer, siweErrors } from '../../../server/siwe/index.js'
import { getDevstack } from '../../support/devstack.js'
import { fuzzRuns } from '../../support/fuzzRuns.js'

const numRuns = fuzzRuns()
// Generous: most inputs are refused in microseconds, a few reach the chain; a loaded
// machine must not fail a nightly-sized run on time alone.
const timeout = 120_000 + numRuns * 100

const ORIGIN = 'http://127.0.0.1:5173'
const { chains } = getDevstack()
const signer = privateKeyToAccount(fixtureAccounts[1]!.privateKey)

let verifier: SiweVerifierServer
let message: string
let signature: string

beforeAll(async () => {
  verifier = await createSiweVerifier({ origin: ORIGIN, chains })
  // A nonce this verifier never issued: a mutated message that still reads and carries the
  // good signature gets through the chain check and is refused at the nonce (422
  // nonce_unknown), so no input of the run can sign in.
  const nonce = 'fuzz0000000000000000000000000000'
  message = [
    '127.0.0.1:5173 wants you to sign in with your Ethereum account:',
    signer.address,
    '',
    'Sign in to Latch Demo',
    '',
    `URI: ${ORIGIN}/`,
    'Version: 1',
    `Chain ID: ${chains[0]!.chainId}`,
    `Nonce: ${nonce}`,
    `Issued At: ${new Date().toISOString()}`,
    `Expiration Time: ${new Date(Date.now() + 3_600_000).toISOString()}`,
    'Resources:',
    `- ${ORIGIN}/terms`,
  ].join('\n')
  signature = await signer.signMessage({ message })
})
afterAll(async () => {
  await verifier?.close()
})

const refusalCodes = new Set(Object.keys(siweErrors))

/** A refusal with a named code, 4xx, JSON, bounded; never a 5xx. */
async function expectNamedRefusal(response: Response) {
  const text = await response.text()
  expect(response.status, text).toBeGreaterThanOrEqual(400)
  expect(response.status, text).toBeLessThan(500)
  expect(response.headers.get('content-type')).toContain('application/json')
  const body = JSON.parse(text) as { error: string; code: string; message: string }
  expect(refusalCodes.has(body.error), text).toBe(true)
  expect(body.code).toBe(body.error.toUpperCase())
  expect(typeof body.message).toBe('string')
  expect(text.length).toBeLessThan(400)
}

const post = (body: string) =>
  verifier.app.request('/siwe/verify', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  })

/** The signed message with one to three edits: characters inserted, deleted or lines moved. */
const mutatedMessage = fc
  .array(
    fc.oneof(
      fc.tuple(
        fc.constant('insert' as const),
        fc.nat(),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 4 }),
      ),
      fc.tuple(fc.constant('delete' as const), fc.nat(), fc.constant('')),
      fc.tuple(fc.constant('swap' as const), fc.nat(), fc.nat().map(String)),
      fc.tuple(fc.constant('drop' as const), fc.nat(), fc.constant('')),
    ),
    { minLength: 1, maxLength: 3 },
  )
  .map((edits) => () => {
    let text = message
    for (const [kind, at, extra] of edits) {
      const lines = text.split('\n')
      if (kind === 'insert') {
        const i = at % (text.length + 1)
        text = text.slice(0, i) + extra + text.slice(i)
      } else if (kind === 'delete') {
        const i = at % text.length
        text = text.slice(0, i) + text.slice(i + 1)
      } else if (kind === 'swap') {
        const a = at % lines.length
        const b = Number(extra) % lines.length
        ;[lines[a], lines[b]] = [lines[b] as string, lines[a] as string]
        text = lines.join('\n')
      } else {
        lines.splice(at % lines.length, 1)
        text = lines.join('\n')
      }
    }
    return text
  })

/** A signature: the good one, cut or extended, hex of any length, or not hex at all. */
const anySignature = fc.oneof(
  fc.constant(() => signature),
  fc.nat({ max: 131 }).map((n) => () => signature.slice(0, n)),
  fc.stringMatching(/^0x[0-9a-fA-F]{0,300}$/).map((s) => () => s),
  fc.string({ unit: 'binary', maxLength: 200 }).map((s) => () => s),
)

describe('siwe verifier routes (fuzz)', () => {
  it(
    `POST /siwe/verify with any body: a named 4xx refusal, never a 5xx (${numRuns} runs)`,
    async () => {
      // Unchanged, the message goes through every check up to the nonce.
      const unchanged = await post(JSON.stringify({ message, signature }))
      expect(await unchanged.json()).toMatchObject({ code: 'NONCE_UNKNOWN', error: 'nonce_unknown' })
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            // The signed message mutated, with any signature (the good one included).
            fc.tuple(mutatedMessage, anySignature).map(
              ([m, s]) =>
                () =>
                  JSON.stringify({ message: m(), signature: s() }),
            ),
            // Any JSON value at all.
            fc.json({ depthSize: 'small' }).map((json) => () => json),
            // Any text, JSON or not.
            fc.string({ unit: 'binary', maxLength: 300 }).map((text) => () => text),
            // The right shape with any strings.
            fc
              .record({
                message: fc.string({ unit: 'binary', maxLength: 300 }),
                signature: fc.string({ maxLength: 140 }),
              })
              .map((body) => () => JSON.stringify(body)),
          ),
          async (body) => {
            await expectNamedRefusal(await post(body()))
          },
        ),
        { numRuns },
      )
    },
    timeout,
  )

  it(
    `any method and path under /siwe/ that is no route: 404 not_found (${numRuns} runs)`,
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
          fc.webPath().filter((path) => !['/nonce', '/verify', '/session', '/revoke'].includes(path)),
          async (method, path) => {
            const response = await verifier.app.request(`/siwe${path.startsWith('/') ? '' : '/'}${path}`, {
              method,
            })
            expect(response.status).toBe(404)
            await expectNamedRefusal(response)
          },
        ),
        { numRuns },
      )
    },
    timeout,
  )
})
