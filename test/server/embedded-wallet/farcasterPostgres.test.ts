/**
 * Farcaster login on two frame-service instances sharing one real PostgreSQL, as behind a
 * load balancer: a flow started on A is polled and finished on either, once, and the same
 * fid is one user whichever instance it logs in on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../../devstack/anvil.js'
import { approveSignIn, parseSignInUri } from '../../../devstack/farcaster/devApp/signIn.js'
import { devFarcasterUsers, installIdRegistry } from '../../../devstack/farcaster/idRegistry.js'
import { type FarcasterRelay, startFarcasterRelay } from '../../../devstack/farcaster/relay.js'
import { sharedPostgresUrl } from '../../support/sharedPostgres.js'
import {
  APP_ORIGIN,
  type Client,
  newDeviceId,
  PROJECT,
  type ServicePair,
  startServicePair,
  walletBody,
} from './serviceHelpers.js'

const adminUrl = sharedPostgresUrl()
const [, bob] = devFarcasterUsers as [(typeof devFarcasterUsers)[0], (typeof devFarcasterUsers)[0]]

let anvil: AnvilInstance
let relay: FarcasterRelay
let pair: ServicePair
let a: Client
let b: Client

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 10 })
  await installIdRegistry(anvil.rpcUrl)
  relay = await startFarcasterRelay()
  pair = await startServicePair(adminUrl, { farcaster: { relayUrl: relay.url, rpcUrl: anvil.rpcUrl } })
  ;({ a, b } = pair)
})

afterAll(async () => {
  await pair?.stop()
  await relay?.stop()
  await anvil?.stop()
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
    const auth = { token: login.sessionToken, deviceId }
    expect((await b.post('/v1/wallet', walletBody(), auth)).status).toBe(200)
    expect((await a.get('/v1/session', auth)).body).toMatchObject({
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
