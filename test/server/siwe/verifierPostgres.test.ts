/**
 * Two verifier instances sharing one real PostgreSQL server (Debian's, started once per run
 * by postgres-global-setup.ts), each served over HTTP as behind a load balancer: a nonce is
 * consumed once whichever instance gets the replays, a revocation on one is seen by the
 * other, a nonce from one is accepted by the other, and both may start at once on an
 * empty database.
 */
import type { Hex, PrivateKeyAccount } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixtureAccounts } from '../../../devstack/fixtures.js'
import { createSiweVerifier, type StartedSiweVerifier } from '../../../server/siwe/index.js'
import { getDevstack } from '../../support/devstack.js'
import { createTestDatabase, type TestDatabase } from '../../support/postgres.js'
import { sharedPostgresUrl } from '../../support/sharedPostgres.js'

const ORIGIN = 'http://127.0.0.1:5173'
const { chains } = getDevstack()
const signer: PrivateKeyAccount = privateKeyToAccount(fixtureAccounts[3]!.privateKey)
const adminUrl = sharedPostgresUrl()

/** Every field the routes answer with; a test reads the ones its route has. */
type Body = { nonce: string; error: string; revoked: boolean; session: { address: string; token: string } }

async function call(base: string, method: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${base}${path}`, { method, ...init })
  return { status: response.status, body: (await response.json()) as Body }
}

async function nonceFrom(instance: StartedSiweVerifier): Promise<string> {
  const { status, body } = await call(instance.url, 'POST', '/siwe/nonce')
  expect(status).toBe(200)
  return body.nonce
}

async function signedMessage(nonce: string): Promise<{ message: string; signature: Hex }> {
  const message = createSiweMessage({
    address: signer.address,
    chainId: chains[0]!.chainId,
    domain: new URL(ORIGIN).host,
    uri: `${ORIGIN}/`,
    version: '1',
    nonce,
    issuedAt: new Date(),
  })
  return { message, signature: await signer.signMessage({ message }) }
}

const verify = (instance: StartedSiweVerifier, signed: { message: string; signature: Hex }) =>
  call(instance.url, 'POST', '/siwe/verify', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(signed),
  })

const bearer = (token: string): RequestInit => ({ headers: { authorization: `Bearer ${token}` } })

/** A verifier on `url`, served on its own port. */
async function serve(url: string): Promise<StartedSiweVerifier> {
  const verifier = await createSiweVerifier({ origin: ORIGIN, chains, db: { url } })
  return verifier.start()
}

describe('siwe verifier: two instances sharing one PostgreSQL server', () => {
  let database: TestDatabase
  let a: StartedSiweVerifier
  let b: StartedSiweVerifier

  beforeAll(async () => {
    database = await createTestDatabase(adminUrl)
    // One after the other here; starting at once is the last test's subject.
    a = await serve(database.url)
    b = await serve(database.url)
  })
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await database?.drop()
  })

  it('20 parallel verifications of one signed message across both: exactly one wins, 19 are replays', async () => {
    const signed = await signedMessage(await nonceFrom(a))
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => verify(i % 2 === 0 ? a : b, signed)),
    )
    const won = answers.filter((answer) => answer.status === 200)
    expect(won).toHaveLength(1)
    expect(won[0]!.body.session.address).toBe(signer.address)
    const replays = answers.filter((answer) => answer.status !== 200)
    expect(replays).toHaveLength(19)
    for (const replay of replays)
      expect(replay).toEqual({ status: 422, body: expect.objectContaining({ error: 'nonce_used' }) })
    // One session in the shared tables, whichever instance won.
    const { token } = won[0]!.body.session
    expect((await call(a.url, 'GET', '/siwe/session', bearer(token))).status).toBe(200)
    expect((await call(b.url, 'GET', '/siwe/session', bearer(token))).status).toBe(200)
  })

  it('a session made on one instance and revoked on it is refused by the other', async () => {
    const signed = await signedMessage(await nonceFrom(a))
    const made = await verify(a, signed)
    expect(made.status).toBe(200)
    const { token } = made.body.session
    expect(await call(b.url, 'GET', '/siwe/session', bearer(token))).toMatchObject({
      status: 200,
      body: { session: { address: signer.address } },
    })

    expect((await call(a.url, 'POST', '/siwe/revoke', bearer(token))).body).toEqual({ revoked: true })
    expect(await call(b.url, 'GET', '/siwe/session', bearer(token))).toMatchObject({
      status: 401,
      body: { error: 'no_session' },
    })
    // Nor can the other revoke it again.
    expect((await call(b.url, 'POST', '/siwe/revoke', bearer(token))).body).toEqual({ revoked: false })
  })

  it('a nonce issued by one instance is accepted by the other, once', async () => {
    const signed = await signedMessage(await nonceFrom(b))
    const made = await verify(a, signed)
    expect(made.status).toBe(200)
    expect(made.body.session.address).toBe(signer.address)
    expect(await verify(b, signed)).toMatchObject({ status: 422, body: { error: 'nonce_used' } })
  })
})

describe('siwe verifier: schema set-up on a shared PostgreSQL server', () => {
  // A race lost only now and then would pass by luck: several empty databases, two
  // instances starting at once on each. Before the schema took a lock, most rounds failed.
  it('both instances starting at once on an empty database: neither fails, one schema, and they work together', async () => {
    for (let round = 0; round < 5; round++) {
      const database = await createTestDatabase(adminUrl)
      const started: StartedSiweVerifier[] = []
      try {
        const outcomes = await Promise.allSettled([serve(database.url), serve(database.url)])
        for (const outcome of outcomes) if (outcome.status === 'fulfilled') started.push(outcome.value)
        expect(
          outcomes.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : 'ok')),
        ).toEqual(['ok', 'ok'])

        const { default: pg } = await import('pg')
        const client = new pg.Client({ connectionString: database.url })
        await client.connect()
        try {
          const { rows } = await client.query<{ relname: string; relkind: string }>(
            `SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
             WHERE n.nspname = 'public' AND c.relkind IN ('r', 'i') ORDER BY c.relname`,
          )
          expect(rows).toEqual([
            { relname: 'siwe_nonces', relkind: 'r' },
            { relname: 'siwe_nonces_expires_at', relkind: 'i' },
            { relname: 'siwe_nonces_pkey', relkind: 'i' },
            { relname: 'siwe_sessions', relkind: 'r' },
            { relname: 'siwe_sessions_nonce_key', relkind: 'i' },
            { relname: 'siwe_sessions_pkey', relkind: 'i' },
          ])
        } finally {
          await client.end()
        }

        const [first, second] = started as [StartedSiweVerifier, StartedSiweVerifier]
        expect((await verify(second, await signedMessage(await nonceFrom(first)))).status).toBe(200)
      } finally {
        await Promise.all(started.map((instance) => instance.stop()))
        await database.drop()
      }
    }
  })
})
