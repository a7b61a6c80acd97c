/**
 * Social login on two frame-service instances sharing one real PostgreSQL, as behind a
 * load balancer: a flow started on A is finished on B, and a callback reaching both at
 * the same moment is used once.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type StartedMailbox, startMailbox } from '../../devstack/mailbox/index.js'
import { type StartedSocialProviders, startSocialProviders } from '../../devstack/oauth/index.js'
import { type StartedFrameService, startFrameService } from '../../server/embedded-wallet/index.js'
import { createTestDatabase, type TestDatabase } from '../support/postgres.js'
import {
  type Client,
  client,
  newDeviceId,
  newShareKey,
  PROJECT,
  serviceOptions,
  walletBody,
} from './serviceHelpers.js'
import { loginAtProvider, openCallback } from './socialHelpers.js'

const adminUrl = inject('postgres')

let database: TestDatabase
let mailbox: StartedMailbox
let providers: StartedSocialProviders
let services: StartedFrameService[] = []
let a: Client
let b: Client

beforeAll(async () => {
  database = await createTestDatabase(adminUrl)
  mailbox = await startMailbox()
  providers = await startSocialProviders()
  const shareKey = newShareKey()
  services = await Promise.all(
    [0, 1].map(() =>
      startFrameService(
        serviceOptions(mailbox, { shareKey, database: { url: database.url }, social: providers.social }),
      ),
    ),
  )
  a = client((services[0] as StartedFrameService).url)
  b = client((services[1] as StartedFrameService).url)
})

afterAll(async () => {
  await Promise.all(services.map((service) => service.stop()))
  await providers?.stop()
  await mailbox?.stop()
  await database?.drop()
})

describe('social login across two instances', () => {
  it('a state made on A is used once, by whichever instance the callback reaches first', async () => {
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
    expect((await a.post('/v1/wallet', walletBody(), finished.body.sessionToken)).status).toBe(200)
  })
})
