/**
 * Farcaster login on two frame-service instances sharing one real PostgreSQL, as behind a
 * load balancer: a flow started on A is polled and finished on either, once, and the same
 * fid is one user whichever instance it logs in on.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../devstack/anvil.js'
import { approveSignIn, parseSignInUri } from '../../devstack/farcaster/devApp/signIn.js'
import { devFarcasterUsers, installIdRegistry } from '../../devstack/farcaster/idRegistry.js'
import { type FarcasterRelay, startFarcasterRelay } from '../../devstack/farcaster/relay.js'
import { type StartedMailbox, startMailbox } from '../../devstack/mailbox/index.js'
import { type StartedFrameService, startFrameService } from '../../server/embedded-wallet/index.js'
import { createTestDatabase, type TestDatabase } from '../support/postgres.js'
import {
  APP_ORIGIN,
  type Client,
  client,
  newDeviceId,
  newShareKey,
  PROJECT,
  serviceOptions,
  walletBody,
} from './serviceHelpers.js'

const adminUrl = inject('postgres')
const [, bob] = devFarcasterUsers as [(typeof devFarcasterUsers)[0], (typeof devFarcasterUsers)[0]]

let database: TestDatabase
let mailbox: StartedMailbox
let anvil: AnvilInstance
let relay: FarcasterRelay
let services: StartedFrameService[] = []
let a: Client
let b: Client

beforeAll(async () => {
  database = await createTestDatabase(adminUrl)
  mailbox = await startMailbox()
  anvil = await startAnvil({ chainId: 10 })
  await installIdRegistry(anvil.rpcUrl)
  relay = await startFarcasterRelay()
  const shareKey = newShareKey()
  services = await Promise.all(
    [0, 1].map(() =>
      startFrameService(
        serviceOptions(mailbox, {
          shareKey,
          database: { url: database.url },
          farcaster: { relayUrl: relay.url, rpcUrl: anvil.rpcUrl },
        }),
      ),
    ),
  )
  a = client((services[0] as StartedFrameService).url)
  b = client((services[1] as StartedFrameService).url)
})

afterAll(async () => {
  await Promise.all(services.map((service) => service.stop()))
  await relay?.stop()
  await anvil?.stop()
  await mailbox?.stop()
  await database?.drop()
})

type Finished = { state: string; sessionToken: string; user: { id: string }; fid: number; wallet: string }

const finish = (api: Client, deviceId: string, channelId: string) =>
  api.post<Finished & { code?: string }>('/v1/farcaster/finish', { projectId: PROJECT, deviceId, channelId })

async function startFlow(api: Client, deviceId: string) {
  const started = await api.post<{ url: string; channelId: string }>('/v1/farcaster/start', {
    projectId: PROJECT,
    deviceId,
    parentOrigin: APP_ORIGIN,
  })
  expect(started.status).toBe(200)
  return started.body
}

describe('Farcaster login across two instances', () => {
  it('started on A, pending on B, finished once by whichever instance answers first', async () => {
    const deviceId = newDeviceId()
    const { url, channelId } = await startFlow(a, deviceId)
    expect((await finish(b, deviceId, channelId)).body).toEqual({ state: 'pending' })
    const approved = await approveSignIn({
      relayUrl: relay.url,
      authKey: relay.authKey,
      request: parseSignInUri(url),
      user: bob,
    })
    expect(approved.status).toBe(201)
    const answers = await Promise.all([finish(a, deviceId, channelId), finish(b, deviceId, channelId)])
    const won = answers.filter((answer) => answer.status === 200)
    expect(won).toHaveLength(1)
    const login = won[0]?.body as Finished
    expect(login).toMatchObject({ state: 'completed', fid: 1002, wallet: 'none' })
    // The session works on either instance.
    expect((await b.post('/v1/wallet', walletBody(), login.sessionToken)).status).toBe(200)
    expect((await a.get('/v1/session', login.sessionToken)).body).toMatchObject({
      user: { id: login.user.id },
      wallet: 'this-device',
    })

    // The same fid through B is the same user.
    const elsewhere = newDeviceId()
    const again = await startFlow(b, elsewhere)
    await approveSignIn({
      relayUrl: relay.url,
      authKey: relay.authKey,
      request: parseSignInUri(again.url),
      user: bob,
    })
    const second = await finish(a, elsewhere, again.channelId)
    expect(second.body).toMatchObject({
      state: 'completed',
      user: { id: login.user.id },
      wallet: 'other-device',
    })
  })
})
