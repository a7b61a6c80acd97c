/**
 * Sign-in served by the local API server (the reference verifier mounted under /siwe/*),
 * over real HTTP with the shared anvil chains and PGlite on disk: a visitor signs in from
 * the app's origin, the session outlives a restart of the server, and sign-in's CORS is
 * the app's alone while the rest of the API stays open.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { type ApiServer, startApiServer } from '../../../devstack/api/server'
import { fixtureAccounts } from '../../../devstack/fixtures'
import { getDevstack } from '../../support/devstack'
import { PROJECT_ID } from './helpers'

const APP = 'http://127.0.0.1:5173'
const signer = privateKeyToAccount(fixtureAccounts[2]!.privateKey)
const { chains } = getDevstack()
const tempDir = mkdtempSync(join(tmpdir(), 'latchkit-api-siwe-'))
// Parents that do not exist yet, as on the first `npm run demo` (.devstack/sessions/5173).
const dataDir = join(tempDir, 'sessions', '5173')
const running: ApiServer[] = []

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop()))
})
afterAll(() => rmSync(tempDir, { recursive: true, force: true }))

async function start(withSiwe = true): Promise<ApiServer> {
  const server = await startApiServer({
    chains,
    ...(withSiwe && { siwe: { origin: APP, db: { dataDir } } }),
  })
  running.push(server)
  return server
}

/** A browser request from the app's page: it names its origin and sends the cookie it has. */
function fromApp(cookie?: string): Record<string, string> {
  return { origin: APP, 'content-type': 'application/json', ...(cookie && { cookie }) }
}

/** Signs in as the page does: nonce, an EIP-4361 message for the app, the wallet's signature. */
async function signIn(server: ApiServer): Promise<{ cookie: string; token: string }> {
  const nonceAnswer = await fetch(`${server.url}/siwe/nonce`, { method: 'POST', headers: fromApp() })
  const { nonce } = (await nonceAnswer.json()) as { nonce: string }
  const message = createSiweMessage({
    address: signer.address,
    chainId: chains[0]!.chainId,
    domain: new URL(APP).host,
    uri: `${APP}/`,
    version: '1',
    nonce,
    issuedAt: new Date(),
  })
  const response = await fetch(`${server.url}/siwe/verify`, {
    method: 'POST',
    headers: fromApp(),
    body: JSON.stringify({ message, signature: await signer.signMessage({ message }) }),
  })
  expect(response.status).toBe(200)
  expect(response.headers.get('access-control-allow-origin')).toBe(APP)
  const { session } = (await response.json()) as { session: { token: string } }
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] as string
  expect(cookie).toBe(`siwe_session=${session.token}`)
  return { cookie, token: session.token }
}

async function sessionOf(server: ApiServer, cookie: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server.url}/siwe/session`, { headers: fromApp(cookie) })
  return { status: response.status, body: await response.json() }
}

describe('sign-in in the local API server', () => {
  it('a session survives a restart of the API server on the same data dir; a revocation does too', async () => {
    const first = await start()
    const { cookie } = await signIn(first)
    expect(await sessionOf(first, cookie)).toMatchObject({
      status: 200,
      body: { session: { address: signer.address, chainId: chains[0]!.chainId, domain: '127.0.0.1:5173' } },
    })
    await first.stop()

    // Another process could have taken the old port: the restarted server gets a new one.
    const second = await start()
    expect(await sessionOf(second, cookie)).toMatchObject({
      status: 200,
      body: { session: { address: signer.address } },
    })
    const revoke = await fetch(`${second.url}/siwe/revoke`, { method: 'POST', headers: fromApp(cookie) })
    expect(await revoke.json()).toEqual({ revoked: true })
    await second.stop()

    const third = await start()
    expect(await sessionOf(third, cookie)).toMatchObject({ status: 401, body: { error: 'no_session' } })
    // Restarts an API server on its embedded database: seconds alone, past the suite's
    // 30 s with two suites side by side on 2 cores.
  }, 120_000)

  it("answers sign-in's CORS for the app only, with credentials; the rest of the API for the configured origins only", async () => {
    const server = await start()
    const preflight = (path: string, origin: string) =>
      fetch(`${server.url}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      })

    const app = await preflight('/siwe/verify', APP)
    expect(app.headers.get('access-control-allow-origin')).toBe(APP)
    expect(app.headers.get('access-control-allow-credentials')).toBe('true')
    const foreign = await preflight('/siwe/verify', 'https://evil.example')
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
    const refused = await fetch(`${server.url}/siwe/nonce`, {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    })
    expect(refused.status).toBe(403)

    const open = await fetch(`${server.url}/v1/supported-chains?projectId=${PROJECT_ID}`, {
      headers: { origin: 'https://evil.example' },
    })
    // The API answers, but a browser page on a foreign origin may not read it.
    expect(open.status).toBe(200)
    expect(open.headers.get('access-control-allow-origin')).toBeNull()
    // Sign-in calls show in the request log like every other call.
    expect(server.faults.requests.map((request) => request.path)).toContain('/siwe/nonce')
  })

  it('serves sign-in from when it is told the app origin, once (the demo learns it after starting)', async () => {
    const server = await start(false)
    const nonce = () => fetch(`${server.url}/siwe/nonce`, { method: 'POST', headers: fromApp() })
    const before = await nonce()
    expect(before.status).toBe(501)
    expect(((await before.json()) as { code: string }).code).toBe('SIWE_NOT_CONFIGURED')

    await server.serveSiwe({ origin: APP })
    const answer = await nonce()
    expect(answer.status).toBe(200)
    expect(answer.headers.get('access-control-allow-origin')).toBe(APP)
    await expect(server.serveSiwe({ origin: 'https://evil.example' })).rejects.toThrow('already serves')
    // Restarts an API server on its embedded database: seconds alone, past the suite's
    // 30 s with two suites side by side on 2 cores.
  }, 120_000)
})
