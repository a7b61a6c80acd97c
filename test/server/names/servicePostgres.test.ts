/**
 * Two latchkit-server instances serving names from one real PostgreSQL (Debian's, started
 * once per run) and one chain, as behind a load balancer: a name sent to both at once is
 * registered once, and registrations through both at once all land on chain, because the
 * operator's nonces are handed out by the database, not by either process.
 */
import { createPublicClient, http, type PrivateKeyAccount } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StartedChains, startChains } from '../../../devstack/chain.js'
import { fixtureAccounts, fixtureEns } from '../../../devstack/fixtures.js'
import type { RunningServer } from '../../../server/startServer.js'
import { createTestDatabase, type TestDatabase } from '../../support/postgres.js'
import { sharedPostgresUrl } from '../../support/sharedPostgres.js'
import { call, freshLabel, signedRegistration, startNamesServer } from './helpers.js'

const CHAIN_ID = 31337
const adminUrl = sharedPostgresUrl()
const people: PrivateKeyAccount[] = [2, 3].map((i) => privateKeyToAccount(fixtureAccounts[i]!.privateKey))

let chains: StartedChains
let database: TestDatabase
let servers: RunningServer[]

beforeAll(async () => {
  chains = await startChains({ chainIds: [CHAIN_ID] })
  database = await createTestDatabase(adminUrl)
  const chain = { chainId: CHAIN_ID, rpcUrl: chains.chains[0]!.rpcUrl }
  // Both at once on an empty database: the schema is made once.
  servers = await Promise.all([0, 1].map(() => startNamesServer(chain, { url: database.url })))
})

afterAll(async () => {
  await Promise.all((servers ?? []).map((server) => server.stop()))
  await database?.drop()
  await chains?.stop()
})

describe('names on two instances sharing one PostgreSQL', () => {
  it('registers a name sent to both at once exactly once', async () => {
    const name = `${freshLabel('race')}.latch.id`
    const answers = await Promise.all(
      servers.map(async (server, i) =>
        call(server.url, '/v1/profile/account', await signedRegistration(people[i]!, name, CHAIN_ID)),
      ),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    const winner = people[answers.findIndex((answer) => answer.status === 200)]!
    // Both instances answer the name with the winner's address.
    for (const server of servers) {
      const profile = await call<{ addresses: Record<string, { address: string }> }>(
        server.url,
        `/v1/profile/account/${name}`,
      )
      expect(profile.body.addresses['60']?.address).toBe(winner.address)
    }
  })

  it('lands different names sent to both at once on chain, each with its own nonces', async () => {
    const names = people.map((_, i) => `${freshLabel(`both${i}`)}.latch.id`)
    const answers = await Promise.all(
      servers.map(async (server, i) =>
        call(server.url, '/v1/profile/account', await signedRegistration(people[i]!, names[i]!, CHAIN_ID)),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    const client = createPublicClient({ transport: http(chains.chains[0]!.rpcUrl) })
    for (const [i, name] of names.entries()) {
      expect(
        await client.getEnsAddress({ name, universalResolverAddress: fixtureEns.universalResolver }),
      ).toBe(people[i]!.address)
    }
  })
})
