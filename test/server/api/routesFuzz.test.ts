/**
 * Property-based fuzzing (fast-check) of the HTTP routes of the local API server: the API
 * app with the RPC gateway, sign-in (/siwe/*) and the Solana reader mounted, the on-ramp
 * stand-in and the dev routes, as the devstack composes them. Random methods, paths (known
 * routes with random segments, and random ones), query strings, headers and bodies (JSON
 * of the right shape with random fields, any JSON, junk text, bytes that are not UTF-8,
 * deep nesting, NUL): the answer is never a 5xx, and every error is JSON with a message.
 * Most inputs go in process through `app.request()`; a sample goes over real HTTP. Sized
 * by `fuzzRuns()` (LATCHKIT_FUZZ_RUNS; 1000 by default).
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiServer, startApiServer } from '../../../devstack/api/server'
import { fixtureAccounts, fixtureContracts } from '../../../devstack/fixtures'
import { type StartedSolanaRpc, startSolanaRpc } from '../../../devstack/solana/index'
import { GATEWAY_METHODS } from '../../../server/api/routes/rpcGateway'
import { getDevstack } from '../../support/devstack'
import { fuzzRuns } from '../../support/fuzzRuns'

const APP = 'http://127.0.0.1:5173'
let api: ApiServer
let solana: StartedSolanaRpc

beforeAll(async () => {
  solana = await startSolanaRpc()
  api = await startApiServer({
    chains: getDevstack().chains,
    siwe: { origin: APP },
    solana: { rpcUrl: solana.url, genesisHash: solana.genesisHash, mints: solana.mints },
  })
})
afterAll(async () => {
  await api?.stop()
  await solana?.stop()
})

// Inputs -----------------------------------------------------------------------------

const evm = fixtureAccounts[0]!.address
const solanaAddress = () => solana.accounts[0]!.address

/** Text anywhere from plausible to hostile: any code point, control characters included. */
const anyText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '\0', '%', '%00', '%ff', '..', '../..', '\u202e', 'null', '0x', '-1', '1e999'),
)

/** A path or query piece: valid values of the API mixed with random text, percent-encoded or raw junk. */
const segment = fc.oneof(
  fc.constantFrom(
    evm,
    evm.toLowerCase(),
    'eip155:31337',
    'eip155:31338',
    'eip155:1',
    `eip155:31337:${fixtureContracts.LUSD}`,
    `eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`,
    'latch.id',
    'usd',
    '1',
    '0',
    '100000000000000000000',
  ),
  fc.constant('SOLANA'),
  anyText.map(encodeURIComponent),
  fc.stringMatching(/^[%0-9a-fA-FxX:.-]{0,12}$/),
)

const routeTemplates = [
  '/v1/supported-chains',
  '/v1/features',
  '/v1/account/:a/balance',
  '/v1/account/:a/history',
  '/v1/account/:a/nfts',
  '/v1/fungible/price',
  '/v1/identity/:a',
  '/v1/convert/tokens',
  '/v1/convert/gas-price',
  '/v1/convert/quotes',
  '/v1/convert/build-approve',
  '/v1/convert/build-transaction',
  '/v1/convert/allowance',
  '/v1/profile/account/:a',
  '/v1/profile/account',
  '/v1/profile/reverse/:a',
  '/v1/profile/suggestions/:a',
  '/v1/sessions/:a',
  '/v1/sessions/:a/revoke',
  '/v1/',
  '/v1',
  '/getWallets',
  '/getWalletImage/:a',
  '/public/getAssetImage/:a',
  '/public/getCurrencyImage/:a',
  '/public/getTokenImage/:a',
  '/getAnalyticsConfig',
  '/projects/v1/origins',
  '/v1/onramp/options',
  '/v1/onramp/quote',
  '/v1/generators/onrampurl',
  '/siwe/nonce',
  '/siwe/verify',
  '/siwe/session',
  '/siwe/revoke',
  '/siwe/:a',
  '/__faults',
  '/__requests',
]

const path = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.tuple(fc.constantFrom(...routeTemplates), segment).map(([t, s]) => t.replace(':a', s)),
  },
  { weight: 1, arbitrary: fc.array(segment, { maxLength: 5 }).map((parts) => `/${parts.join('/')}`) },
)

const queryKeys = [
  'projectId',
  'chainId',
  'currency',
  'cursor',
  'page',
  'entries',
  'search',
  'include',
  'exclude',
  'badge_type',
  'chains',
  'amount',
  'from',
  'to',
  'userAddress',
  'st',
  'sv',
  'clientId',
]
const query = fc.oneof(
  fc
    .tuple(
      // Most real calls name their project: keep that common, so routes get past it.
      fc.boolean(),
      fc.dictionary(fc.oneof(fc.constantFrom(...queryKeys), anyText.map(encodeURIComponent)), segment, {
        maxKeys: 6,
      }),
    )
    .map(([named, entries]) =>
      [...(named ? ['projectId=fuzz'] : []), ...Object.entries(entries).map(([k, v]) => `${k}=${v}`)].join(
        '&',
      ),
    ),
  fc.stringMatching(/^[a-zA-Z0-9=&%;+._~-]{0,40}$/),
)

/** A header value a client can send: printable ASCII. */
const headerValue = fc.stringMatching(/^[\x20-\x7e]{0,60}$/)
const headers = fc.record(
  {
    'content-type': fc.constantFrom(
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=latin1',
    ),
    origin: fc.oneof(
      fc.constantFrom(APP, 'https://evil.example', 'null', 'http://localhost:3000'),
      headerValue,
    ),
    authorization: headerValue.map((v) => `Bearer ${v}`),
    cookie: headerValue.map((v) => `siwe_session=${v}`),
    accept: headerValue,
    'x-forwarded-for': fc.constantFrom('127.0.0.1', '10.0.0.1'),
  },
  { requiredKeys: [] },
)

const jsonRpcCall = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.jsonValue({ maxDepth: 1 })),
    id: fc.oneof(
      fc.integer(),
      fc.string({ maxLength: 10 }),
      fc.constant(null),
      fc.jsonValue({ maxDepth: 1 }),
    ),
    method: fc.oneof(
      fc.constantFrom(...GATEWAY_METHODS),
      fc.constantFrom(
        'anvil_setBalance',
        'evm_mine',
        'eth_sendTransaction',
        'debug_traceCall',
        'eth_accounts',
      ),
      fc.string({ maxLength: 20 }),
    ),
    params: fc.oneof(
      fc.array(fc.oneof(segment, fc.jsonValue({ maxDepth: 2 })), { maxLength: 4 }),
      fc.jsonValue({ maxDepth: 2 }),
    ),
  },
  { requiredKeys: ['method'] },
)

/** Bodies of the shapes the routes take, with random fields. */
const shapedBody = fc.oneof(
  jsonRpcCall,
  fc.array(jsonRpcCall, { maxLength: 4 }),
  fc.record({
    currency: fc.oneof(fc.constant('usd'), anyText),
    addresses: fc.array(segment, { maxLength: 3 }),
  }),
  fc.record({ message: anyText, signature: fc.oneof(fc.stringMatching(/^0x[0-9a-f]{0,140}$/), anyText) }),
  fc.record({ pci: anyText, signature: anyText }),
  fc.record({
    status: fc.constantFrom(429, 503, 500),
    count: fc.integer({ min: -2, max: 2000 }),
    path: anyText,
  }),
  fc.record({
    purchaseCurrency: fc.record({ id: anyText }),
    paymentCurrency: fc.record({ id: fc.constantFrom('USD', 'EUR', 'JPY') }),
    amount: fc.oneof(fc.constant('10'), anyText),
    network: anyText,
  }),
  fc.record({
    destinationWallets: fc.array(fc.record({ address: anyText }), { maxLength: 2 }),
    partnerUserId: anyText,
    presetFiatAmount: fc.oneof(fc.double(), anyText),
  }),
)

const body = fc.oneof(
  { weight: 3, arbitrary: shapedBody.map((value) => JSON.stringify(value)) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('[', '{"a":'), fc.integer({ min: 60, max: 5000 }))
      .map(([open, depth]) => `${open.repeat(depth)}1${(open === '[' ? ']' : '}').repeat(depth)}`),
  },
  { weight: 1, arbitrary: shapedBody.map((value) => JSON.stringify(value).replace(/"(.)/, '"\\u0000$1')) },
)

const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'] as const

/** Anything at all: any method, path, query, headers and body. */
const hostile = fc.record({
  method: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...methods) }, fc.stringMatching(/^[A-Z]{1,8}$/)),
  path,
  query,
  headers,
  body: fc.option(body, { nil: undefined, freq: 4 }),
})

/** The routes with the method each serves. */
const served: readonly (readonly ['GET' | 'POST', string])[] = [
  ...routeTemplates
    .filter(
      (t) =>
        !/fungible|build-transaction|revoke|onramp\/quote|onrampurl|profile\/account$|siwe\/(nonce|verify|revoke)$/.test(
          t,
        ),
    )
    .map((t) => ['GET', t] as const),
  ...routeTemplates
    .filter((t) =>
      /fungible|build-transaction|revoke|onramp\/quote|onrampurl|profile\/account$|siwe|__faults|^\/v1\/?$/.test(
        t,
      ),
    )
    .map((t) => ['POST', t] as const),
]
const validValue = fc.constantFrom(
  evm,
  'eip155:31337',
  'eip155:31338',
  `eip155:31337:${fixtureContracts.LUSD}`,
  'SOLANA',
  'usd',
  '1',
  '20',
)

/** What a client of the API sends, with one field or another wrong: gets past the first checks into the routes. */
const plausible = fc
  .record({
    route: fc.constantFrom(...served),
    a: fc.oneof({ weight: 3, arbitrary: validValue }, segment),
    query: fc.dictionary(
      fc.constantFrom(...queryKeys),
      fc.oneof({ weight: 3, arbitrary: validValue }, segment),
      {
        maxKeys: 4,
      },
    ),
    headers,
    body: fc.oneof({ weight: 4, arbitrary: shapedBody.map((value) => JSON.stringify(value)) }, body),
  })
  .map(({ route: [method, template], a, query, headers, body }) => ({
    method,
    path: template.replace(':a', a),
    query: ['projectId=fuzz', ...Object.entries(query).map(([k, v]) => `${k}=${v}`)].join('&'),
    headers: { ...headers, 'content-type': 'application/json' },
    body: method === 'POST' ? body : undefined,
  }))

/** JSON-RPC through the gateway to a served chain: single calls, notifications, batches, and junk. */
const gatewayCall = fc
  .record({
    chain: fc.constantFrom('eip155:31337', 'eip155:31338'),
    call: fc.oneof(
      { weight: 3, arbitrary: jsonRpcCall.map((call) => ({ ...call, jsonrpc: '2.0' })) },
      jsonRpcCall,
      fc.array(
        jsonRpcCall.map((call) => ({ ...call, jsonrpc: '2.0' })),
        { maxLength: 5 },
      ),
    ),
    body: fc.option(body, { nil: undefined, freq: 3 }),
    headers,
  })
  .map(({ chain, call, body, headers }) => ({
    method: 'POST',
    path: '/v1/',
    query: `chainId=${chain}&projectId=fuzz`,
    headers: { ...headers, 'content-type': 'application/json' },
    body: body ?? JSON.stringify(call),
  }))

const request = fc.oneof({ weight: 2, arbitrary: hostile }, { weight: 2, arbitrary: plausible }, gatewayCall)
type FuzzRequest = typeof request extends fc.Arbitrary<infer T> ? T : never

// The property --------------------------------------------------------------------------

const toInit = (input: FuzzRequest): RequestInit => {
  const method = input.method
  const hasBody = input.body !== undefined && method !== 'GET' && method !== 'HEAD'
  return {
    method,
    headers: input.headers as Record<string, string>,
    ...(hasBody && { body: input.body as BodyInit }),
  }
}
const target = (input: FuzzRequest) =>
  `${input.path.replaceAll('SOLANA', solanaAddress())}${input.query === '' ? '' : `?${input.query}`}`

type Tally = { requests: number; byStatus: Record<number, number> }

/** Asserts the answer's contract and counts it. */
async function check(input: FuzzRequest, response: Response, tally: Tally): Promise<void> {
  const text = await response.text()
  tally.requests += 1
  tally.byStatus[response.status] = (tally.byStatus[response.status] ?? 0) + 1
  const what = `${input.method} ${target(input).slice(0, 200)} -> ${response.status} ${text.slice(0, 200)}`
  // A 501 is the server's configuration (a feature it was not given, here history), not
  // the input: allowed, with its `*_NOT_CONFIGURED` code. Any other 5xx is a failure.
  const notConfigured = response.status === 501 && /"code":"[A-Z_]+_NOT_CONFIGURED"/.test(text)
  if (!notConfigured) expect(response.status, what).toBeLessThan(500)
  if (response.status >= 400 && input.method !== 'HEAD') {
    expect(response.headers.get('content-type') ?? 'none', what).toMatch(/application\/json/)
    const parsed = JSON.parse(text) as { message?: unknown }
    expect(typeof parsed.message, what).toBe('string')
    // Never the unbounded input back: a message is a sentence, not a copy.
    expect((parsed.message as string).length, what).toBeLessThanOrEqual(1000)
  }
}

const summary = (label: string, tally: Tally) => {
  const fives = Object.entries(tally.byStatus)
    .filter(([status]) => Number(status) >= 500 && Number(status) !== 501)
    .reduce((sum, [, count]) => sum + count, 0)
  console.log(
    `${label}: ${tally.requests} requests, 5xx: ${fives}, by status ${JSON.stringify(tally.byStatus)}`,
  )
}

describe('HTTP routes of the local API server, fuzzed', () => {
  it(`never answer 5xx, and answer every error as JSON { message } (in process, ${fuzzRuns()} requests)`, async () => {
    const tally: Tally = { requests: 0, byStatus: {} }
    await fc.assert(
      fc.asyncProperty(request, async (input) => {
        let init: RequestInit
        try {
          init = toInit(input)
          new Request(`http://127.0.0.1${target(input)}`, init)
        } catch {
          return // not a request any client can send (fetch refuses it)
        }
        await check(input, await api.app.request(target(input), init), tally)
      }),
      { numRuns: fuzzRuns() },
    )
    summary('in process', tally)
    expect(tally.requests).toBeGreaterThan(fuzzRuns() / 2)
  }, 600_000)

  it(`never answer 5xx over real HTTP either (a sample of ${Math.max(50, Math.round(fuzzRuns() / 10))} requests)`, async () => {
    const tally: Tally = { requests: 0, byStatus: {} }
    await fc.assert(
      fc.asyncProperty(request, async (input) => {
        let response: Response
        try {
          response = await fetch(`${api.url}${target(input)}`, toInit(input))
        } catch (error) {
          // fetch refuses some methods and URLs before sending; anything else is a failure.
          if (error instanceof TypeError && !(error.cause instanceof Error && 'code' in error.cause)) return
          throw error
        }
        await check(input, response, tally)
      }),
      { numRuns: Math.max(50, Math.round(fuzzRuns() / 10)) },
    )
    summary('over HTTP', tally)
  }, 600_000)
})
