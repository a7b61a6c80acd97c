/**
 * Social login's configuration and an absent provider: set-up mistakes stop the service
 * at start, and a provider that does not answer is a 502 the frame can tell apart, with
 * nothing stored.
 */
import { createServer } from 'node:net'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FrameCliError, readFrameServiceArgs } from '../../../server/embedded-wallet/cliArgs.js'
import {
  createFrameService,
  type SocialProviderConfig,
  startFrameService,
} from '../../../server/embedded-wallet/index.js'
import { APP_ORIGIN, client, newDeviceId, newShareKey, PROJECT, rowCount } from './serviceHelpers.js'

const base = {
  smtp: { host: '127.0.0.1', port: 1, from: 'login@latchkit.test' },
  projects: { [PROJECT]: { allowedOrigins: [APP_ORIGIN] } },
}
const google = (issuer: string): SocialProviderConfig => ({
  kind: 'oidc',
  issuer,
  clientId: 'client',
  clientSecret: 'secret',
  scopes: ['openid'],
})

/** A loopback port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return typeof address === 'object' && address ? address.port : 1
}

let pglite: PGlite
beforeAll(() => {
  pglite = new PGlite()
})
afterAll(async () => {
  await pglite?.close()
})

describe('social configuration', () => {
  it('latchkit-frame-service reads the providers from LATCHKIT_FRAME_SOCIAL, and says what is wrong in it', () => {
    const args = ['--project', `${PROJECT}=${APP_ORIGIN}`, '--mail-from', 'login@latchkit.test']
    const env = { LATCHKIT_FRAME_SHARE_KEY: newShareKey(), LATCHKIT_FRAME_SMTP_URL: 'smtp://127.0.0.1:2525' }
    const github = {
      kind: 'oauth2',
      issuer: 'https://github.com',
      authorizationEndpoint: 'https://github.com/login/oauth/authorize',
      tokenEndpoint: 'https://github.com/login/oauth/access_token',
      userinfoEndpoint: 'https://api.github.com/user',
      clientId: 'id',
      clientSecret: 'secret',
      scopes: ['read:user'],
    }
    const read = readFrameServiceArgs(args, { ...env, LATCHKIT_FRAME_SOCIAL: JSON.stringify({ github }) })
    expect(read?.social).toEqual({ providers: { github } })
    expect(readFrameServiceArgs(args, env)?.social).toBeUndefined()
    expect(() => readFrameServiceArgs(args, { ...env, LATCHKIT_FRAME_SOCIAL: '{' })).toThrow(FrameCliError)
    expect(() =>
      readFrameServiceArgs(args, { ...env, LATCHKIT_FRAME_SOCIAL: JSON.stringify({ myspace: github }) }),
    ).toThrow(/LATCHKIT_FRAME_SOCIAL/)
    expect(() =>
      readFrameServiceArgs(args, {
        ...env,
        LATCHKIT_FRAME_SOCIAL: JSON.stringify({ github: { ...github, clientSecret: '' } }),
      }),
    ).toThrow(/clientSecret/)
  })

  it('refuses http to a provider off loopback, an oauth2 provider without endpoints, and an unknown name', async () => {
    const make = (providers: Record<string, SocialProviderConfig>) =>
      createFrameService({ ...base, shareKey: newShareKey(), database: pglite, social: { providers } })
    await expect(make({ google: google('http://accounts.example') })).rejects.toThrow(/https/)
    await expect(
      make({
        github: {
          kind: 'oauth2',
          issuer: 'https://github.com',
          clientId: 'a',
          clientSecret: 'b',
          scopes: [],
        },
      }),
    ).rejects.toThrow(/authorizationEndpoint/)
    await expect(make({ myspace: google('https://myspace.example') })).rejects.toThrow(/not one of/)
  })

  it('a provider that does not answer: 502 PROVIDER_UNAVAILABLE at start, no flow stored', async () => {
    const service = await startFrameService({
      ...base,
      shareKey: newShareKey(),
      database: pglite,
      social: { providers: { google: google(`http://127.0.0.1:${await closedPort()}`) } },
    })
    try {
      const answer = await client(service.url).post('/v1/social/start', {
        projectId: PROJECT,
        provider: 'google',
        deviceId: newDeviceId(),
        parentOrigin: APP_ORIGIN,
      })
      expect(answer).toMatchObject({ status: 502, body: { code: 'PROVIDER_UNAVAILABLE' } })
      expect(await rowCount(pglite, 'ew_social_flows')).toBe(0)
    } finally {
      await service.stop()
    }
  })
})
