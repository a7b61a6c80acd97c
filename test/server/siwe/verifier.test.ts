/**
 * The reference verifier against real chains (anvil) and a real database (PGlite): what
 * it accepts, what it refuses and why, and that sessions outlive a restart.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { httpVerifier } from 'latchkit/plugins/siwe'
import { type Address, createWalletClient, getAddress, type Hex, http, publicActions } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../../devstack/anvil.js'
import { fixtureAccounts } from '../../../devstack/fixtures.js'
import { createSiweVerifier, type SiweVerifierServer } from '../../../server/siwe/index.js'
import { getDevstack } from '../../support/devstack.js'
import { compileOwnedWallet } from './fixtures/compileOwnedWallet.js'

const ORIGIN = 'http://127.0.0.1:5173'
const DOMAIN = '127.0.0.1:5173'
const OWNER_CHAIN_ID = 31339
const { chains } = getDevstack()
const signer = privateKeyToAccount(fixtureAccounts[1]!.privateKey)

let verifier: SiweVerifierServer
// A chain of this file's own: the EIP-1271 test deploys a contract, and the shared
// chains are read-only.
let ownChain: AnvilInstance

beforeAll(async () => {
  ownChain = await startAnvil({ chainId: OWNER_CHAIN_ID })
  verifier = await createSiweVerifier({
    origin: ORIGIN,
    chains: [...chains, { chainId: OWNER_CHAIN_ID, rpcUrl: ownChain.rpcUrl }],
  })
})
afterAll(async () => {
  await Promise.all([verifier?.close(), ownChain?.stop()])
})

/** Every field any route answers with; a test reads the ones its route has. */
type Body = {
  nonce: string
  error: string
  revoked: boolean
  session: { address: string; chainId: number; domain: string; expirationTime: string; token: string }
}
type Answer = { status: number; body: Body; headers: Headers }

async function call(
  app: SiweVerifierServer['app'],
  method: string,
  path: string,
  init: RequestInit = {},
): Promise<Answer> {
  const response = await app.request(path, { method, ...init })
  return {
    status: response.status,
    body: (await response.json()) as Body,
    headers: response.headers,
  }
}

async function nonceFrom(app = verifier.app): Promise<string> {
  const { body } = await call(app, 'POST', '/siwe/nonce')
  return body.nonce
}

/** An EIP-4361 message for the app, with a fresh nonce unless one is given. */
async function message(overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}, app = verifier.app) {
  return createSiweMessage({
    address: signer.address,
    chainId: chains[0]!.chainId,
    domain: DOMAIN,
    uri: `${ORIGIN}/`,
    version: '1',
    nonce: overrides.nonce ?? (await nonceFrom(app)),
    issuedAt: new Date(),
    statement: 'Sign in to Latch Demo',
    ...overrides,
  })
}

function verify(text: string, signature: Hex, app = verifier.app, headers: Record<string, string> = {}) {
  return call(app, 'POST', '/siwe/verify', {
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ message: text, signature }),
  })
}

async function signAndVerify(overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}) {
  const text = await message(overrides)
  return verify(text, await signer.signMessage({ message: text }))
}

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } })

describe('siwe verifier: accepts', () => {
  it('a valid signed message: session by bearer token and by cookie, then revoked', async () => {
    const answer = await signAndVerify()
    expect(answer.status).toBe(200)
    expect(answer.body.session).toMatchObject({
      address: signer.address,
      chainId: chains[0]!.chainId,
      domain: DOMAIN,
    })
    const token = answer.body.session.token
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const cookie = answer.headers.get('set-cookie') ?? ''
    expect(cookie).toContain(`siwe_session=${token}`)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)

    const byBearer = await call(verifier.app, 'GET', '/siwe/session', bearer(token))
    expect(byBearer.status).toBe(200)
    expect(byBearer.body.session).toMatchObject({ address: signer.address })
    expect(byBearer.body.session.token).toBeUndefined()
    const byCookie = await call(verifier.app, 'GET', '/siwe/session', {
      headers: { cookie: `siwe_session=${token}` },
    })
    expect(byCookie.status).toBe(200)

    expect((await call(verifier.app, 'POST', '/siwe/revoke', bearer(token))).body).toEqual({ revoked: true })
    const after = await call(verifier.app, 'GET', '/siwe/session', bearer(token))
    expect(after).toMatchObject({ status: 401, body: { error: 'no_session' } })
  })

  it('caps the session at the message Expiration Time', async () => {
    const expirationTime = new Date(Date.now() + 60_000)
    const { body } = await signAndVerify({ expirationTime })
    expect(Date.parse(body.session.expirationTime)).toBe(expirationTime.getTime())
  })

  it('an EIP-1271 contract account, checked on chain', async () => {
    const { abi, bytecode } = compileOwnedWallet()
    const deployer = createWalletClient({
      account: privateKeyToAccount(fixtureAccounts[0]!.privateKey),
      transport: http(ownChain.rpcUrl),
    }).extend(publicActions)
    const hash = await deployer.deployContract({ abi, bytecode, args: [signer.address], chain: null })
    const wallet = getAddress((await deployer.waitForTransactionReceipt({ hash })).contractAddress as Address)

    const text = await message({ address: wallet, chainId: OWNER_CHAIN_ID })
    // The owner's key signs; the address in the message is the contract's.
    const answer = await verify(text, await signer.signMessage({ message: text }))
    expect(answer.status).toBe(200)
    expect(answer.body.session).toMatchObject({ address: wallet, chainId: OWNER_CHAIN_ID })

    const stranger = privateKeyToAccount(fixtureAccounts[2]!.privateKey)
    const forged = await message({ address: wallet, chainId: OWNER_CHAIN_ID })
    const refused = await verify(forged, await stranger.signMessage({ message: forged }))
    expect(refused).toMatchObject({ status: 401, body: { error: 'signature_invalid' } })
  })
})

describe('siwe verifier: refuses', () => {
  it('a tampered message', async () => {
    const text = await message()
    const signature = await signer.signMessage({ message: text })
    const tampered = text.replace('Sign in to Latch Demo', 'Sign in to Latch Demo and send everything')
    expect(await verify(tampered, signature)).toMatchObject({
      status: 401,
      body: { error: 'signature_invalid' },
    })
    // The nonce survives a failed signature: the real message still goes through.
    expect((await verify(text, signature)).status).toBe(200)
  })

  it('a message for a foreign domain or URI', async () => {
    expect(await signAndVerify({ domain: 'evil.example' })).toMatchObject({
      status: 422,
      body: { error: 'domain_mismatch' },
    })
    expect(await signAndVerify({ uri: 'https://evil.example/' })).toMatchObject({
      status: 422,
      body: { error: 'uri_mismatch' },
    })
  })

  it('a reused nonce, and one it never issued', async () => {
    const text = await message()
    const signature = await signer.signMessage({ message: text })
    expect((await verify(text, signature)).status).toBe(200)
    expect(await verify(text, signature)).toMatchObject({ status: 422, body: { error: 'nonce_used' } })
    expect(await signAndVerify({ nonce: 'a1b2c3d4e5f60718' })).toMatchObject({
      status: 422,
      body: { error: 'nonce_unknown' },
    })
  })

  it('two verifications of one message racing: exactly one wins', async () => {
    const text = await message()
    const signature = await signer.signMessage({ message: text })
    const answers = await Promise.all([
      verify(text, signature),
      verify(text, signature),
      verify(text, signature),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422])
  })

  it('an expired message, and one not valid yet', async () => {
    expect(await signAndVerify({ expirationTime: new Date(Date.now() - 1_000) })).toMatchObject({
      status: 422,
      body: { error: 'message_expired' },
    })
    expect(await signAndVerify({ notBefore: new Date(Date.now() + 60_000) })).toMatchObject({
      status: 422,
      body: { error: 'message_not_yet_valid' },
    })
  })

  it('a chain it does not serve', async () => {
    expect(await signAndVerify({ chainId: 1 })).toMatchObject({
      status: 422,
      body: { error: 'chain_not_supported' },
    })
  })

  it('what is not a sign-in message, and a malformed body', async () => {
    const text = 'Hello, please sign this'
    expect(await verify(text, await signer.signMessage({ message: text }))).toMatchObject({
      status: 400,
      body: { error: 'invalid_message' },
    })
    const bad = await call(verifier.app, 'POST', '/siwe/verify', { body: '{"message":1}' })
    expect(bad).toMatchObject({ status: 400, body: { error: 'invalid_request' } })
  })

  it('POSTs from another origin; CORS allows only the app, with credentials', async () => {
    const text = await message()
    const signature = await signer.signMessage({ message: text })
    const foreign = await verify(text, signature, verifier.app, { origin: 'https://evil.example' })
    expect(foreign).toMatchObject({ status: 403, body: { error: 'origin_not_allowed' } })

    const preflight = await verifier.app.request('/siwe/verify', {
      method: 'OPTIONS',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true')
    const fromApp = await verify(text, signature, verifier.app, { origin: ORIGIN })
    expect(fromApp.status).toBe(200)
    expect(fromApp.headers.get('access-control-allow-origin')).toBe(ORIGIN)
  })
})

describe('siwe verifier: several origins', () => {
  // The same page on two hosts of one machine, as the demo is (127.0.0.1 and localhost).
  const LOCALHOST = 'http://localhost:5173'
  let both: SiweVerifierServer
  beforeAll(async () => {
    both = await createSiweVerifier({ origin: [ORIGIN, `${LOCALHOST}/`], chains })
  })
  afterAll(async () => {
    await both?.close()
  })

  async function signFor(domain: string, uri: string) {
    const text = await message({ domain, uri, nonce: await nonceFrom(both.app) })
    return verify(text, await signer.signMessage({ message: text }), both.app)
  }

  it('accepts a message made for any of them', async () => {
    const fromLocalhost = await signFor('localhost:5173', `${LOCALHOST}/`)
    expect(fromLocalhost.status).toBe(200)
    expect(fromLocalhost.body.session.domain).toBe('localhost:5173')
    expect((await signFor(DOMAIN, `${ORIGIN}/`)).status).toBe(200)
  })

  it('refuses a domain of one with a URI on the other, and a host or port not listed', async () => {
    expect(await signFor('localhost:5173', `${ORIGIN}/`)).toMatchObject({
      status: 422,
      body: { error: 'uri_mismatch' },
    })
    expect(await signFor('localhost:5174', 'http://localhost:5174/')).toMatchObject({
      status: 422,
      body: { error: 'domain_mismatch' },
    })
    // Same host, other scheme: a page on https://localhost:5173 is another origin.
    expect(await signFor('localhost:5173', 'https://localhost:5173/')).toMatchObject({
      status: 422,
      body: { error: 'uri_mismatch' },
    })
  })

  it('CORS answers each listed origin with credentials and no other; browser POSTs from others are refused', async () => {
    const preflight = (origin: string) =>
      both.app.request('/siwe/verify', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      })
    for (const origin of [ORIGIN, LOCALHOST]) {
      const answer = await preflight(origin)
      expect(answer.headers.get('access-control-allow-origin')).toBe(origin)
      expect(answer.headers.get('access-control-allow-credentials')).toBe('true')
    }
    expect((await preflight('http://localhost:5174')).headers.get('access-control-allow-origin')).toBeNull()
    const nonce = await call(both.app, 'POST', '/siwe/nonce', {
      headers: { origin: 'http://localhost:5174' },
    })
    expect(nonce).toMatchObject({ status: 403, body: { error: 'origin_not_allowed' } })
  })

  it('will not start with no origin or one that is not http(s)', async () => {
    await expect(createSiweVerifier({ origin: [], chains })).rejects.toThrow('at least one origin')
    await expect(createSiweVerifier({ origin: 'file:///srv/app', chains })).rejects.toThrow(
      'not an http(s) origin',
    )
    await expect(createSiweVerifier({ origin: 'app.example', chains })).rejects.toThrow(
      'not an http(s) origin',
    )
  })
})

describe('httpVerifier (the plugin side) against the verifier', () => {
  it('gets a nonce, verifies, finds the session by its token, revokes it; a forgotten one reads as none', async () => {
    // The Hono app answers the requests in process, as the server would over the network.
    const client = httpVerifier('http://verifier.test', {
      fetch: (input, init) => Promise.resolve(verifier.app.fetch(new Request(input, init))),
    })
    const nonce = await client.getNonce({ address: signer.address, chainId: chains[0]!.chainId })
    const text = await message({ nonce })
    const session = await client.verify({
      message: text,
      signature: await signer.signMessage({ message: text }),
      address: signer.address,
      chainId: chains[0]!.chainId,
    })
    expect(session).toMatchObject({ address: signer.address, chainId: chains[0]!.chainId })
    expect(await client.getSession({ session })).toEqual({ ...session, token: session.token })
    await client.revokeSession(session)
    expect(await client.getSession({ session })).toBeUndefined()
    // A signature that is not one answers 400; a well-formed one of another message 401.
    await expect(
      client.verify({ message: text, signature: '0x00', address: signer.address, chainId: 1 }),
    ).rejects.toMatchObject({ code: 'HTTP_STATUS', status: 400 })
    const otherSignature = await signer.signMessage({ message: 'another message' })
    await expect(
      client.verify({ message: text, signature: otherSignature, address: signer.address, chainId: 1 }),
    ).rejects.toMatchObject({ code: 'HTTP_STATUS', status: 401 })
  })
})

describe('siwe verifier: persistence', () => {
  it('a session survives a restart of the server with the same data dir', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'siwe-verifier-'))
    try {
      const first = await createSiweVerifier({ origin: ORIGIN, chains, db: { dataDir } })
      const served = await first.start()
      const nonce = (
        (await (await fetch(`${served.url}/siwe/nonce`, { method: 'POST' })).json()) as { nonce: string }
      ).nonce
      const text = await message({ nonce })
      const response = await fetch(`${served.url}/siwe/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: text, signature: await signer.signMessage({ message: text }) }),
      })
      const { session } = (await response.json()) as { session: { token: string } }
      await served.stop()

      const second = await createSiweVerifier({ origin: ORIGIN, chains, db: { dataDir } })
      try {
        const after = await call(second.app, 'GET', '/siwe/session', bearer(session.token))
        expect(after.status).toBe(200)
        expect(after.body.session).toMatchObject({ address: signer.address })
        // The nonce stays spent across the restart too.
        const replay = await verify(text, await signer.signMessage({ message: text }), second.app)
        expect(replay).toMatchObject({ status: 422, body: { error: 'nonce_used' } })
      } finally {
        await second.close()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
