/**
 * Two relay instances on one real PostgreSQL (Debian's, started once per run), as behind a
 * load balancer: a client on instance A publishes, a client on instance B that is
 * subscribed gets it at once (LISTEN/NOTIFY), one that subscribes on B later finds it in
 * the mailbox, and a message is never handed back to its publisher on the other instance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StartedRelay, startRelay } from '../../../server/relay/index.js'
import { createTestDatabase, type TestDatabase } from '../../support/postgres.js'
import { sharedPostgresUrl } from '../../support/sharedPostgres.js'
import { connectRaw, expectPush, freshTopic, makeClientKey, type RawClient } from './helpers.js'

const adminUrl = sharedPostgresUrl()

let database: TestDatabase
let relays: StartedRelay[]
const opened: RawClient[] = []
const connect = async (relay: StartedRelay, options?: Parameters<typeof connectRaw>[1]) => {
  const client = await connectRaw(relay.url, options)
  opened.push(client)
  return client
}

beforeAll(async () => {
  database = await createTestDatabase(adminUrl)
  // Both at once on an empty database: the schema is made once.
  relays = await Promise.all([0, 1].map(() => startRelay({ database: { url: database.url } })))
})

afterAll(async () => {
  await Promise.all(opened.map((client) => client.close()))
  await Promise.all((relays ?? []).map((relay) => relay.stop()))
  await database?.drop()
})

describe('the relay on two instances sharing one PostgreSQL', () => {
  it('delivers a message published on A to a subscriber on B', async () => {
    const [a, b] = relays as [StartedRelay, StartedRelay]
    const alice = await connect(a)
    const bob = await connect(b)
    const topic = freshTopic()
    await bob.request('irn_subscribe', { topic })
    expect(
      (await alice.request('irn_publish', { topic, message: 'across', ttl: 300, tag: 1108 })).result,
    ).toBe(true)
    expect((await expectPush(bob, topic, 'across')).tag).toBe(1108)
  })

  it('keeps it for a subscriber that comes to B later', async () => {
    const [a, b] = relays as [StartedRelay, StartedRelay]
    const alice = await connect(a)
    const topic = freshTopic()
    await alice.request('irn_publish', { topic, message: 'later', ttl: 300 })
    const carol = await connect(b)
    await carol.request('irn_subscribe', { topic })
    await expectPush(carol, topic, 'later')
  })

  it('never hands a client its own message, even on the other instance', async () => {
    const [a, b] = relays as [StartedRelay, StartedRelay]
    const key = makeClientKey()
    const onA = await connect(a, { key })
    const onB = await connect(b, { key })
    const other = await connect(b)
    const topic = freshTopic()
    await onB.request('irn_subscribe', { topic })
    await other.request('irn_subscribe', { topic })
    await onA.request('irn_publish', { topic, message: 'mine', ttl: 300 })
    await expectPush(other, topic, 'mine')
    // B pushes to its subscribers of one notice together: had it pushed to onB, it would be there too.
    await onB.request('irn_batchFetchMessages', { topics: [topic] })
    expect(onB.pushes).toEqual([])
    expect((await onB.request('irn_batchFetchMessages', { topics: [topic] })).result).toEqual({
      messages: [],
      hasMore: false,
    })
  })
})
