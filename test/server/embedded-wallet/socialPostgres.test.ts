/**
 * Social login on two frame-service instances sharing one real PostgreSQL, as behind a
 * load balancer: a flow started on A is finished on B, and a callback reaching both at
 * the same moment is used once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StartedSocialProviders, startSocialProviders } from '../../../devstack/oauth/index.js'
import { sharedPostgresUrl } from '../../support/sharedPostgres.js'
import { newDeviceId, PROJECT, type ServicePair, startServicePair, walletBody } from './serviceHelpers.js'
import { loginAtProvider, openCallback } from './socialHelpers.js'

const adminUrl = sharedPostgresUrl()

let providers: StartedSocialProviders
let pair: ServicePair

beforeAll(async () => {
  providers = await startSocialProviders()
  pair = await startServicePair(adminUrl, { social: providers.social })
})

afterAll(async () => {
  await pair?.stop()
  await providers?.stop()
})

describe('social login across two instances', () => {
  it('a state made on A is used once, by whichever instance the callback reaches first', async () => {
    const { a, b } = pair
    const deviceId = newDeviceId()
    const onA = await loginAtProvider(a, { provider: 'google', deviceId, userId: 'alice' })
    const onB = new URL(onA.pathname + onA.search, b.url)
    const pages = await Promise.all([openCallback(onA), openCallback(onB)])
    const won = pages.filter((page) => page.status === 200)
    expect(won).toHaveLength(1)
    expect(pages.filter((page) => page.status === 400 && page.posted === undefined)).toHaveLength(1)
    const result = won[0]?.posted?.message.result
    // The result is finished on B whichever instance made it, and used once.
    const finished = await b.post<{ sessionToken: string }>('/v1/social/finish', {
      projectId: PROJECT,
      deviceId,
      result,
    })
    expect(finished.status).toBe(200)
    expect(await a.post('/v1/social/finish', { projectId: PROJECT, deviceId, result })).toMatchObject({
      status: 400,
      body: { code: 'SOCIAL_RESULT_INVALID' },
    })
    const auth = { token: finished.body.sessionToken, deviceId }
    expect((await a.post('/v1/wallet', walletBody(), auth)).status).toBe(200)
  })
})
