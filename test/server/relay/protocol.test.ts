/**
 * The relay's wire protocol through bare WebSocket clients on the embedded database:
 * delivery to every other subscriber and never back to the publisher, the mailbox across
 * a restart, TTL expiry, the session set-up calls, relay-auth at the upgrade, hostile
 * input answered with JSON-RPC errors, limits, and pings that keep live sockets and drop dead ones.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { WebSocket } from 'ws'
import { openPglite } from '../../../server/db/pgliteTemplate.js'
import type { SqlClient } from '../../../server/db/sqlClient.js'
import { type StartedRelay, startRelay, subscriptionId } from '../../../server/relay/index.js'
import { expectErrorShape } from '../../support/errorShape.js'
import { paddedJson, throughOneAgent } from '../../support/keepAlive.js'
import {
  connectRaw,
  expectPush,
  freshTopic,
  makeClientKey,
  type RawClient,
  relaySocketUrl,
  signRelayJwt,
  upgradeStatus,
} from './helpers.js'

let relay: StartedRelay
let pglite: Awaited<ReturnType<typeof openPglite>>
/** While true, every query of the shared relay's database fails. */
let databaseFails = false
const opened: RawClient[] = []
const connect = async (options?: Parameters<typeof connectRaw>[1]) => {
  const client = await connectRaw(relay.url, options)
  opened.push(client)
  return client
}

beforeAll(async () => {
  pglite = await openPglite()
  const database: SqlClient = {
    query: (text, params) =>
      databaseFails ? Promise.reject(new Error('the database is gone')) : pglite.query(text, params),
  }
  relay = await startRelay({
    database,
    limits: { minTtlSeconds: 1, maxSubscriptionsPerSocket: 5, maxMessageBytes: 1024, maxFrameBytes: 8192 },
  })
})

afterAll(async () => {
  await Promise.all(opened.map((client) => client.close()))
  await relay?.stop()
  await pglite?.close()
})

describe('delivery', () => {
  it('hands a message to every other subscriber of the topic and never back to its publisher', async () => {
    const [alice, bob, carol] = await Promise.all([connect(), connect(), connect()])
    const topic = freshTopic()
    for (const client of [alice, bob, carol]) {
      const answer = await client.request('irn_subscribe', { topic })
      expect(answer.result).toBe(subscriptionId(topic, client.key.clientId))
    }
    const published = await alice.request('irn_publish', { topic, message: 'hello', ttl: 300, tag: 1108 })
    expect(published.result).toBe(true)
    const atBob = await expectPush(bob, topic, 'hello')
    await expectPush(carol, topic, 'hello')
    expect(atBob.tag).toBe(1108)
    expect(atBob.publishedAt).toBeGreaterThan(Date.now() - 60_000)
    // The answer to the publish went out after the fan-out on Alice's socket: nothing came before it.
    await alice.request('irn_unsubscribe', { topic: freshTopic(), id: 'x' })
    expect(alice.pushes).toEqual([])
  })

  it('passes the attestation of a publish through to subscribers', async () => {
    const [alice, bob] = await Promise.all([connect(), connect()])
    const topic = freshTopic()
    await bob.request('irn_subscribe', { topic })
    await alice.request('irn_publish', {
      topic,
      message: 'attested',
      ttl: 300,
      attestation: 'eyJ.attest.ation',
    })
    expect((await expectPush(bob, topic, 'attested')).attestation).toBe('eyJ.attest.ation')
  })

  it('keeps a message for a subscriber that comes later, and does not send it again once acknowledged', async () => {
    const alice = await connect()
    const topic = freshTopic()
    await alice.request('irn_publish', { topic, message: 'waiting', ttl: 300 })
    const key = makeClientKey()
    const bob = await connect({ key })
    await bob.request('irn_subscribe', { topic })
    await expectPush(bob, topic, 'waiting')
    await bob.close()
    // The same client (same key) back on a new socket: the acknowledged message is not offered again.
    const again = await connect({ key })
    await again.request('irn_subscribe', { topic })
    const fetched = await again.request('irn_batchFetchMessages', { topics: [topic] })
    expect(fetched.result).toEqual({ messages: [], hasMore: false })
    expect(again.pushes).toEqual([])
  })

  it('does not answer a fetch with a message pushed on the same socket and not yet acknowledged', async () => {
    const alice = await connect()
    const topic = freshTopic()
    // A client that has the push but has not answered it yet (a busy page): a fetch on the
    // same socket must not hand it the same message a second time, which the WalletConnect
    // SDK would then process twice at once.
    const bob = await connect({ ack: false })
    await bob.request('irn_subscribe', { topic })
    await alice.request('irn_publish', { topic, message: 'once', ttl: 300 })
    await expectPush(bob, topic, 'once')
    const fetched = await bob.request('irn_batchFetchMessages', { topics: [topic] })
    expect(fetched.result).toEqual({ messages: [], hasMore: false })
  })

  it('answers irn_batchFetchMessages with what waits, once', async () => {
    const alice = await connect()
    const [one, two] = [freshTopic(), freshTopic()]
    await alice.request('irn_batchPublish', {
      messages: [
        { topic: one, message: 'first', ttl: 300, tag: 1 },
        { topic: two, message: 'second', ttl: 300, tag: 2 },
      ],
    })
    const bob = await connect()
    const fetched = (await bob.request('irn_batchFetchMessages', { topics: [one, two] })).result as {
      messages: { topic: string; message: string; tag: number }[]
      hasMore: boolean
    }
    expect(fetched.hasMore).toBe(false)
    expect(fetched.messages.map(({ topic, message, tag }) => ({ topic, message, tag }))).toEqual([
      { topic: one, message: 'first', tag: 1 },
      { topic: two, message: 'second', tag: 2 },
    ])
    expect((await bob.request('irn_batchFetchMessages', { topics: [one, two] })).result).toEqual({
      messages: [],
      hasMore: false,
    })
  })

  it('answers a fetch in parts no larger than a frame, hasMore saying there is more', async () => {
    const alice = await connect()
    const topic = freshTopic()
    const messages = Array.from({ length: 12 }, (_, i) => `${String(i).padStart(2, '0')}${'m'.repeat(998)}`)
    // In batches of four: a frame of the test relay holds at most 8 KiB.
    for (let i = 0; i < messages.length; i += 4) {
      const batch = messages.slice(i, i + 4).map((message) => ({ topic, message, ttl: 300 }))
      expect((await alice.request('irn_batchPublish', { messages: batch })).result).toBe(true)
    }
    const bob = await connect()
    type Fetched = { messages: { message: string }[]; hasMore: boolean }
    const first = (await bob.request('irn_batchFetchMessages', { topics: [topic] })).result as Fetched
    expect(first.hasMore).toBe(true)
    expect(first.messages.length).toBeLessThan(12)
    const second = (await bob.request('irn_batchFetchMessages', { topics: [topic] })).result as Fetched
    expect(second.hasMore).toBe(false)
    expect([...first.messages, ...second.messages].map((entry) => entry.message)).toEqual(messages)
  })

  it('stops delivering after irn_unsubscribe and irn_batchUnsubscribe', async () => {
    const [alice, bob] = await Promise.all([connect(), connect()])
    const [one, two, three] = [freshTopic(), freshTopic(), freshTopic()]
    expect((await bob.request('irn_batchSubscribe', { topics: [one, two, three] })).result).toHaveLength(3)
    expect(
      (await bob.request('irn_unsubscribe', { topic: one, id: subscriptionId(one, bob.key.clientId) }))
        .result,
    ).toBe(true)
    expect(
      (await bob.request('irn_batchUnsubscribe', { subscriptions: [{ topic: two, id: 'a' }] })).result,
    ).toBe(true)
    for (const topic of [one, two, three])
      await alice.request('irn_publish', { topic, message: 'after', ttl: 300 })
    await expectPush(bob, three, 'after')
    await bob.request('irn_unsubscribe', { topic: freshTopic() })
    expect(bob.pushes.map((push) => push.topic)).toEqual([three])
  })

  it('drops a message when its TTL runs out', async () => {
    const alice = await connect()
    const topic = freshTopic()
    await alice.request('irn_publish', { topic, message: 'short-lived', ttl: 1 })
    await new Promise((resolve) => setTimeout(resolve, 1200))
    const bob = await connect()
    await bob.request('irn_subscribe', { topic })
    expect((await bob.request('irn_batchFetchMessages', { topics: [topic] })).result).toEqual({
      messages: [],
      hasMore: false,
    })
    expect(bob.pushes).toEqual([])
  })
})

describe('session set-up', () => {
  it('publishes a wc_proposeSession proposal on the pairing topic with tag 1100, the proposer subscribed to it', async () => {
    const [dapp, wallet] = await Promise.all([connect(), connect()])
    const pairingTopic = freshTopic()
    // The dapp never subscribes to its pairing topic itself (the client skips it): proposing does.
    await wallet.request('irn_subscribe', { topic: pairingTopic })
    const answer = await dapp.request('wc_proposeSession', {
      pairingTopic,
      sessionProposal: 'encrypted-proposal',
      ttl: 300,
      attestation: 'att',
      correlationId: 1,
    })
    expect(answer.result).toBe(true)
    const push = await expectPush(wallet, pairingTopic, 'encrypted-proposal')
    expect(push.tag).toBe(1100)
    expect(push.attestation).toBe('att')
    await wallet.request('irn_publish', { topic: pairingTopic, message: 'wallet-answer', ttl: 300 })
    await expectPush(dapp, pairingTopic, 'wallet-answer')
    expect(dapp.pushes.map((entry) => entry.message)).toEqual(['wallet-answer'])
  })

  it('answers wc_approveSession: the response on the pairing topic, the settlement on the session topic, the approver subscribed to it', async () => {
    const [dapp, wallet] = await Promise.all([connect(), connect()])
    const [pairingTopic, sessionTopic] = [freshTopic(), freshTopic()]
    await dapp.request('irn_subscribe', { topic: pairingTopic })
    const answer = await wallet.request('wc_approveSession', {
      pairingTopic,
      sessionTopic,
      sessionProposalResponse: 'encrypted-response',
      sessionSettlementRequest: 'encrypted-settle',
      ttl: 300,
      correlationId: 2,
    })
    expect(answer.result).toBe(true)
    expect((await expectPush(dapp, pairingTopic, 'encrypted-response')).tag).toBe(1101)
    // The dapp subscribes to the session topic once it has the response, and finds the settlement waiting.
    await dapp.request('irn_subscribe', { topic: sessionTopic })
    expect((await expectPush(dapp, sessionTopic, 'encrypted-settle')).tag).toBe(1102)
    // The wallet was subscribed by the approval: the dapp's answer reaches it.
    await dapp.request('irn_publish', { topic: sessionTopic, message: 'settle-ack', ttl: 300, tag: 1103 })
    await expectPush(wallet, sessionTopic, 'settle-ack')
    expect(wallet.pushes.map((push) => push.message)).toEqual(['settle-ack'])
  })
})

describe('relay-auth at the upgrade', () => {
  it('accepts a token made for this relay', async () => {
    const key = makeClientKey()
    expect(await upgradeStatus(relaySocketUrl(relay.url, signRelayJwt(key, relay.url)))).toBe(101)
  })

  it.each([
    ['no token', () => relay.url],
    [
      'a token for another relay',
      () => relaySocketUrl(relay.url, signRelayJwt(makeClientKey(), 'wss://relay.walletconnect.org')),
    ],
    [
      'an expired token',
      () =>
        relaySocketUrl(
          relay.url,
          signRelayJwt(makeClientKey(), relay.url, { exp: Math.floor(Date.now() / 1000) - 1 }),
        ),
    ],
    [
      'a token signed by another key',
      () =>
        relaySocketUrl(relay.url, signRelayJwt(makeClientKey(), relay.url, {}, makeClientKey().secretKey)),
    ],
    [
      'a token whose issuer is not a did:key',
      () =>
        relaySocketUrl(relay.url, signRelayJwt(makeClientKey(), relay.url, { iss: 'did:web:relay.example' })),
    ],
    ['a token that is not a JWT', () => relaySocketUrl(relay.url, 'not.a-jwt')],
  ])('refuses %s with 401', async (_name, url) => {
    expect(await upgradeStatus(url())).toBe(401)
  })
})

/** The HTTP answer to a WebSocket upgrade of `url`, when it is not a 101, as a Response. */
function refusedUpgrade(url: string): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url.replace(/^ws:/, 'http:'), {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-key': Buffer.from('0123456789abcdef').toString('base64'),
        'sec-websocket-version': '13',
      },
    })
    request.on('upgrade', () => reject(new Error('the relay accepted the upgrade')))
    request.on('response', (answer) => {
      const chunks: Buffer[] = []
      answer.on('data', (chunk: Buffer) => chunks.push(chunk))
      answer.on('end', () =>
        resolve(
          new Response(Buffer.concat(chunks), {
            status: answer.statusCode ?? 0,
            headers: { 'content-type': String(answer.headers['content-type']) },
          }),
        ),
      )
    })
    request.on('error', reject)
    request.end()
  })
}

describe('error answers', () => {
  it('refuses a bad upgrade, and a plain HTTP request, in the one error shape, { code, message }', async () => {
    await expectErrorShape(await refusedUpgrade(relaySocketUrl(relay.url, 'not.a-jwt')), 401, 'UNAUTHORIZED')
    await expectErrorShape(await fetch(relay.url.replace(/^ws:/, 'http:')), 426, 'UPGRADE_REQUIRED')
  })
})

describe('hostile input', () => {
  it('answers a plain HTTP request with a 2 MiB body 426 and closes that connection: the next request on the agent is answered', async () => {
    const httpUrl = relay.url.replace(/^ws:/, 'http:')
    const [refused, next] = await throughOneAgent(httpUrl, [
      { method: 'POST', path: '/', body: paddedJson() },
      { path: '/' },
    ])
    expect(refused).toMatchObject({ status: 426, headers: { connection: 'close', upgrade: 'websocket' } })
    expect(JSON.parse(refused.body)).toMatchObject({
      code: 'UPGRADE_REQUIRED',
      message: expect.stringContaining('WebSocket'),
    })
    expect(next).toMatchObject({ status: 426, socket: 2 })
  })

  it('answers what is not JSON-RPC with JSON-RPC errors and keeps the socket', async () => {
    const client = await connect()
    const topic = freshTopic()
    const cases: [string, number][] = [
      ['{not json', -32700],
      ['[1,2]', -32600],
      ['"text"', -32600],
      ['{"jsonrpc":"1.0","id":1,"method":"irn_subscribe"}', -32600],
      ['{"jsonrpc":"2.0","method":"irn_subscribe","params":{}}', -32600],
      ['{"jsonrpc":"2.0","id":2,"method":"irn_nothing","params":{}}', -32601],
      ['{"jsonrpc":"2.0","id":3,"method":"irn_subscribe","params":{"topic":"abc"}}', -32602],
      ['{"jsonrpc":"2.0","id":4,"method":"irn_subscribe"}', -32602],
      [
        `{"jsonrpc":"2.0","id":5,"method":"irn_publish","params":{"topic":"${topic}","message":"m","ttl":0}}`,
        -32602,
      ],
      [
        `{"jsonrpc":"2.0","id":6,"method":"irn_publish","params":{"topic":"${topic}","message":"m","ttl":99999999999}}`,
        -32602,
      ],
      [
        `{"jsonrpc":"2.0","id":7,"method":"irn_publish","params":{"topic":"${topic}","message":"${'x'.repeat(2000)}","ttl":60}}`,
        -32602,
      ],
      [
        `{"jsonrpc":"2.0","id":8,"method":"irn_publish","params":{"topic":"${topic}","message":"","ttl":60}}`,
        -32602,
      ],
      [
        `{"jsonrpc":"2.0","id":9,"method":"irn_publish","params":{"topic":"${topic}","message":"m","ttl":60,"tag":-1}}`,
        -32602,
      ],
      ['{"jsonrpc":"2.0","id":10,"method":"irn_batchSubscribe","params":{"topics":[]}}', -32602],
      ['{"jsonrpc":"2.0","id":11,"method":"wc_approveSession","params":{"pairingTopic":"zz"}}', -32602],
    ]
    for (const [text, code] of cases) {
      const answer = await client.sendRaw(text)
      expect({ text: text.slice(0, 60), code: (answer.error as { code: number }).code }).toEqual({
        text: text.slice(0, 60),
        code,
      })
      expect(typeof (answer.error as { message: string }).message).toBe('string')
    }
    expect((await client.request('irn_subscribe', { topic })).result).toBe(
      subscriptionId(topic, client.key.clientId),
    )
  })

  it('keeps a big id exact in its answer', async () => {
    const client = await connect()
    const answer = await client.sendRaw(
      `{"jsonrpc":"2.0","id":1732470000000000123,"method":"irn_subscribe","params":{"topic":"${freshTopic()}"}}`,
    )
    expect(answer.result).toBeTypeOf('string')
    const raw = client.frames.at(-1)
    expect(raw?.id).toBe(answer.id)
    expect(JSON.stringify(raw)).toContain('"result"')
  })

  it('limits the subscriptions of one socket', async () => {
    const client = await connect()
    const topics = Array.from({ length: 5 }, freshTopic)
    expect((await client.request('irn_batchSubscribe', { topics })).result).toHaveLength(5)
    const over = await client.request('irn_subscribe', { topic: freshTopic() })
    expect(over.error?.code).toBe(-32005)
    // Subscribing again to a topic it holds is no new subscription.
    expect((await client.request('irn_subscribe', { topic: topics[0] })).error).toBeUndefined()
  })

  it('closes a socket that sends a frame over the limit, and goes on serving others', async () => {
    const client = await connect()
    const closed = new Promise<number>((resolve) => client.socket.once('close', (code) => resolve(code)))
    client.socket.send('x'.repeat(10_000))
    expect(await closed).toBe(1009)
    const other = await connect()
    expect((await other.request('irn_subscribe', { topic: freshTopic() })).result).toBeTypeOf('string')
  })

  it('answers a binary frame with an error', async () => {
    const client = await connect()
    const answer = new Promise<Record<string, unknown>>((resolve) =>
      client.socket.once('message', (data) => resolve(JSON.parse(data.toString()))),
    )
    client.socket.send(Buffer.from([1, 2, 3]))
    expect(((await answer).error as { code: number }).code).toBe(-32600)
  })
})

describe('a failing database', () => {
  it('answers -32603 while the database fails, and serves again once it is back', async () => {
    const client = await connect()
    const topic = freshTopic()
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      databaseFails = true
      const refused = await client.request('irn_publish', { topic, message: 'lost?', ttl: 60 })
      expect(refused.error).toEqual({ code: -32603, message: 'internal error' })
    } finally {
      databaseFails = false
      quiet.mockRestore()
    }
    expect((await client.request('irn_publish', { topic, message: 'kept', ttl: 60 })).result).toBe(true)
  })
})

describe('pings', () => {
  it('keeps an idle socket that answers pings, and drops one that does not', async () => {
    const quick = await startRelay({ pingIntervalMs: 100 })
    try {
      const live = await connectRaw(quick.url)
      const dead = await connectRaw(quick.url, { autoPong: false })
      let pings = 0
      live.socket.on('ping', () => pings++)
      const deadClosed = new Promise<void>((resolve) => dead.socket.once('close', () => resolve()))
      await deadClosed
      await expect.poll(() => pings, { timeout: 5000 }).toBeGreaterThanOrEqual(4)
      expect(live.socket.readyState).toBe(WebSocket.OPEN)
      expect((await live.request('irn_subscribe', { topic: freshTopic() })).result).toBeTypeOf('string')
      await live.close()
    } finally {
      await quick.stop()
    }
  })
})

describe('restart', () => {
  it('loses no message published before a restart on the same database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'latchkit-relay-'))
    try {
      const first = await startRelay({ database: { dataDir } })
      const alice = await connectRaw(first.url)
      const topic = freshTopic()
      expect((await alice.request('irn_publish', { topic, message: 'kept', ttl: 300 })).result).toBe(true)
      await alice.close()
      await first.stop()
      const second = await startRelay({ database: { dataDir }, port: first.port })
      try {
        const bob = await connectRaw(second.url)
        await bob.request('irn_subscribe', { topic })
        await expectPush(bob, topic, 'kept')
        await bob.close()
      } finally {
        await second.stop()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
