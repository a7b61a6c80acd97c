/**
 * Social login under test: the frame service over real HTTP with the devstack's local
 * providers, and a client that goes through a flow as the widget and a person would
 * (start, the provider's login page, the callback page, finish).
 */
import { headlessLogin } from '../../../devstack/oauth/index.js'
import type { SocialProvider } from '../../../server/embedded-wallet/social.js'
import { APP_ORIGIN, type Client, PROJECT, type SessionAuth } from './serviceHelpers.js'

export type CallbackPage = {
  status: number
  html: string
  policy: string | null
  /** What the page posts to its opener, and the target origin it names; undefined when it posts nothing. */
  posted?: { message: Record<string, unknown>; targetOrigin: string }
}

/** Opens a callback URL as the popup would and reads what its script posts. */
export async function openCallback(url: URL | string): Promise<CallbackPage> {
  const response = await fetch(url, { redirect: 'manual' })
  const html = await response.text()
  const found = html.match(/window\.opener\.postMessage\((\{.*\}), ("[^"]*")\);/)
  return {
    status: response.status,
    html,
    policy: response.headers.get('content-security-policy'),
    ...(found
      ? {
          posted: {
            message: JSON.parse(found[1] as string) as Record<string, unknown>,
            targetOrigin: JSON.parse(found[2] as string) as string,
          },
        }
      : {}),
  }
}

export type StartOptions = {
  provider: SocialProvider
  deviceId: string
  parentOrigin?: string
  token?: string
}

/** POST /v1/social/start as the frame sends it. */
export function startSocial(api: Client, options: StartOptions) {
  return api.post<{ url: string; code?: string }>(
    '/v1/social/start',
    {
      projectId: PROJECT,
      provider: options.provider,
      deviceId: options.deviceId,
      parentOrigin: options.parentOrigin ?? APP_ORIGIN,
    },
    options.token === undefined ? undefined : { token: options.token, deviceId: options.deviceId },
  )
}

/** Start, then the provider's login page as `userId`: the callback URL the provider redirects to. */
export async function loginAtProvider(api: Client, options: StartOptions & { userId: string }): Promise<URL> {
  const started = await startSocial(api, options)
  if (started.status !== 200)
    throw new Error(`social/start answered ${started.status} ${JSON.stringify(started.body)}`)
  return headlessLogin(started.body.url, options.userId, `${api.url}/v1/social/callback`)
}

export type SocialLogin = {
  sessionToken: string
  user: { id: string; email: string | null }
  wallet: string
  provider: string
  /** The token with the device it was made on, for the session's calls. */
  auth: SessionAuth
}

/** A whole social login to a session, as the widget and a person go through it. */
export async function socialLogin(
  api: Client,
  options: StartOptions & { userId: string },
): Promise<SocialLogin> {
  const page = await openCallback(await loginAtProvider(api, options))
  const result = page.posted?.message.result
  if (page.status !== 200 || typeof result !== 'string')
    throw new Error(`callback answered ${page.status}: ${page.html.slice(0, 300)}`)
  const finished = await api.post<Omit<SocialLogin, 'auth'>>('/v1/social/finish', {
    projectId: PROJECT,
    deviceId: options.deviceId,
    result,
  })
  if (finished.status !== 200)
    throw new Error(`social/finish answered ${finished.status} ${JSON.stringify(finished.body)}`)
  return { ...finished.body, auth: { token: finished.body.sessionToken, deviceId: options.deviceId } }
}
