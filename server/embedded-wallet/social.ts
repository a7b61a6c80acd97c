/**
 * Social login's provider side: each provider's configuration read once, the OAuth 2.0
 * client made from it with openid-client (OpenID Connect discovery for an `oidc`
 * provider, explicit endpoints for a plain OAuth 2.0 one), what the service derives from a
 * flow's state, the person read from an ID token or a userinfo answer, and the small page
 * the callback answers with.
 *
 * The state is the only secret a flow keeps: the service stores its SHA-256, and derives
 * the PKCE verifier and the nonce from it under a key of its own (HMAC), so the database
 * alone holds nothing that completes a login, and no clear secret waits in a row.
 */
import { createHmac, hkdfSync, randomBytes } from 'node:crypto'
import * as client from 'openid-client'
import * as z from 'zod/mini'
import { FrameServiceError } from './errors.js'
import { SOCIAL_PROVIDERS, type SocialProvider } from './socialProviders.js'

export { SOCIAL_PROVIDERS, type SocialProvider } from './socialProviders.js'

export type SocialProviderConfig = {
  /**
   * `oidc`: OpenID Connect, the person read from the ID token (issuer, audience, expiry,
   * nonce and signature checked); `oauth2`: plain OAuth 2.0, the person read from the
   * userinfo endpoint with the access token.
   */
  kind: 'oidc' | 'oauth2'
  /**
   * `oidc`: the issuer, whose `/.well-known/openid-configuration` is read (e.g.
   * `https://accounts.google.com`). `oauth2`: the name identities are kept under (e.g.
   * `https://github.com`).
   */
  issuer: string
  /** `oauth2` only: e.g. `https://github.com/login/oauth/authorize`. */
  authorizationEndpoint?: string
  /** `oauth2` only: e.g. `https://github.com/login/oauth/access_token`. */
  tokenEndpoint?: string
  /** `oauth2` only: the person's JSON, e.g. `https://api.github.com/user`. */
  userinfoEndpoint?: string
  clientId: string
  clientSecret: string
  /** Scopes asked for, e.g. `['openid', 'email', 'profile']` or `['read:user', 'user:email']`. */
  scopes: readonly string[]
}

export type SocialOptions = {
  /** The providers offered, by name; one missing is refused as `SOCIAL_NOT_CONFIGURED` (501). */
  providers: Partial<Record<SocialProvider, SocialProviderConfig>>
}

/** How long a started flow waits for its callback, and a result for its finish. */
export const SOCIAL_STATE_TTL_SECONDS = 10 * 60

/** The person a provider vouched for. */
export type SocialProfile = { subject: string; email?: string; emailVerified: boolean; name?: string }

const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)

/** An https URL, or http on loopback (a local provider); anything else is a set-up error. */
function providerUrl(value: string | undefined, where: string): URL {
  const url = value !== undefined && URL.canParse(value) ? new URL(value) : undefined
  if (!url || !(url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url))))
    throw new Error(
      `frame service: social ${where}: ${String(value)} is not an https URL (http only on loopback)`,
    )
  return url
}

type ReadProvider = {
  name: SocialProvider
  kind: 'oidc' | 'oauth2'
  issuer: string
  scopes: string
  /** The openid-client configuration, discovered on first use (a provider down at start-up is no start-up error). */
  configuration(): Promise<client.Configuration>
  userinfoEndpoint?: URL
}

/**
 * Reads and checks `social.providers` (throws on a set-up error, never at a request).
 *
 * @example
 * const providers = readSocialProviders({ providers: { google: { kind: 'oidc', issuer: 'https://accounts.google.com', clientId, clientSecret, scopes: ['openid', 'email'] } } })
 */
export function readSocialProviders(options: SocialOptions | undefined): Map<SocialProvider, ReadProvider> {
  const out = new Map<SocialProvider, ReadProvider>()
  for (const [name, config] of Object.entries(options?.providers ?? {})) {
    if (!(SOCIAL_PROVIDERS as readonly string[]).includes(name))
      throw new Error(`frame service: social provider ${name} is not one of ${SOCIAL_PROVIDERS.join(', ')}`)
    if (!config) continue
    const provider = name as SocialProvider
    if (!config.clientId || !config.clientSecret)
      throw new Error(`frame service: social ${name}: clientId and clientSecret are required`)
    const issuer = providerUrl(config.issuer, `${name}.issuer`)
    const auth = client.ClientSecretBasic(config.clientSecret)
    let configuration: () => Promise<client.Configuration>
    let userinfoEndpoint: URL | undefined
    if (config.kind === 'oidc') {
      let discovered: Promise<client.Configuration> | undefined
      configuration = () => {
        discovered ??= client
          .discovery(issuer, config.clientId, undefined, auth, {
            ...(issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
          })
          .then((found) => {
            // The ID token's signature is checked against the issuer's published keys,
            // not only trusted for having come straight from the token endpoint.
            client.enableNonRepudiationChecks(found)
            return found
          })
          .catch((error: unknown) => {
            discovered = undefined
            throw error
          })
        return discovered
      }
    } else if (config.kind === 'oauth2') {
      const authorization = providerUrl(config.authorizationEndpoint, `${name}.authorizationEndpoint`)
      const token = providerUrl(config.tokenEndpoint, `${name}.tokenEndpoint`)
      userinfoEndpoint = providerUrl(config.userinfoEndpoint, `${name}.userinfoEndpoint`)
      const anyHttp = [authorization, token, userinfoEndpoint].some((url) => url.protocol === 'http:')
      const made = new client.Configuration(
        {
          issuer: issuer.href.replace(/\/$/, ''),
          authorization_endpoint: authorization.href,
          token_endpoint: token.href,
        },
        config.clientId,
        undefined,
        auth,
      )
      if (anyHttp) client.allowInsecureRequests(made)
      configuration = async () => made
    } else {
      throw new Error(`frame service: social ${name}: kind must be 'oidc' or 'oauth2'`)
    }
    out.set(provider, {
      name: provider,
      kind: config.kind,
      issuer: issuer.href.replace(/\/$/, ''),
      scopes: config.scopes.join(' '),
      configuration,
      ...(userinfoEndpoint ? { userinfoEndpoint } : {}),
    })
  }
  return out
}

/**
 * What the service derives from a flow's state under its own key: the PKCE verifier and
 * the nonce. Neither is stored; both are rebuilt when the state comes back.
 *
 * @example
 * const derive = flowSecrets(shareKey)
 * const { verifier, nonce } = derive(state)
 */
export function flowSecrets(shareKey: Uint8Array) {
  const key = Buffer.from(
    hkdfSync('sha256', shareKey, new Uint8Array(0), 'latchkit frame service social', 32),
  )
  const mac = (label: string, state: string) =>
    createHmac('sha256', key).update(`${label}\0${state}`).digest('base64url')
  return (state: string) => ({ verifier: mac('pkce', state), nonce: mac('nonce', state) })
}

/** A new state: 256 random bits, base64url. */
export function newState(): string {
  return randomBytes(32).toString('base64url')
}

/**
 * The authorization URL a person is sent to: PKCE S256, the state, and (OpenID Connect)
 * the nonce.
 *
 * @example
 * const url = await authorizationUrl(provider, 'https://frame.example/v1/social/callback', state, derive(state))
 */
export async function authorizationUrl(
  provider: ReadProvider,
  redirectUri: string,
  state: string,
  secrets: { verifier: string; nonce: string },
): Promise<URL> {
  const configuration = await provider.configuration()
  const parameters: Record<string, string> = {
    redirect_uri: redirectUri,
    scope: provider.scopes,
    state,
    code_challenge: await client.calculatePKCECodeChallenge(secrets.verifier),
    code_challenge_method: 'S256',
  }
  if (provider.kind === 'oidc') parameters.nonce = secrets.nonce
  return client.buildAuthorizationUrl(configuration, parameters)
}

const optionalString = z.optional(z.string().check(z.maxLength(320)))
const subjectValue = z.union([
  z.string().check(z.minLength(1), z.maxLength(255)),
  z.number().check(z.int(), z.nonnegative()),
])
/**
 * A userinfo answer in any of the shapes the providers use: OpenID's `sub`, GitHub's,
 * Discord's and Facebook's `id`, X's `{ data: { id } }`.
 */
const userinfoBody = z.object({
  sub: z.optional(subjectValue),
  id: z.optional(subjectValue),
  data: z.optional(z.object({ id: subjectValue, name: optionalString, username: optionalString })),
  email: z.optional(z.nullable(z.string().check(z.maxLength(320)))),
  email_verified: z.optional(z.boolean()),
  verified: z.optional(z.boolean()),
  name: z.optional(z.nullable(z.string().check(z.maxLength(320)))),
  login: optionalString,
  username: optionalString,
})

/** Why a code exchange failed, said to the person without the provider's own wording. */
export class SocialLoginFailed extends Error {
  override name = 'SocialLoginFailed'
}

/**
 * Exchanges the callback's code (PKCE verifier, state and nonce checked by openid-client)
 * and reads the person: from the validated ID token (`oidc`) or the userinfo endpoint
 * (`oauth2`). Throws {@link SocialLoginFailed} when the provider refuses or anything fails
 * a check, a {@link FrameServiceError} `PROVIDER_UNAVAILABLE` when it cannot be reached.
 *
 * @example
 * const profile = await exchangeCode(provider, callbackUrl, state, derive(state))
 */
export async function exchangeCode(
  provider: ReadProvider,
  callbackUrl: URL,
  state: string,
  secrets: { verifier: string; nonce: string },
): Promise<SocialProfile> {
  let configuration: client.Configuration
  try {
    configuration = await provider.configuration()
  } catch {
    throw new FrameServiceError('PROVIDER_UNAVAILABLE')
  }
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>
  try {
    tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: secrets.verifier,
      expectedState: state,
      ...(provider.kind === 'oidc' ? { expectedNonce: secrets.nonce, idTokenExpected: true } : {}),
    })
  } catch (error) {
    throw unreachable(error) ? new FrameServiceError('PROVIDER_UNAVAILABLE') : new SocialLoginFailed()
  }
  if (provider.kind === 'oidc') {
    const claims = tokens.claims()
    if (!claims) throw new SocialLoginFailed()
    return {
      subject: claims.sub,
      ...(typeof claims.email === 'string' ? { email: claims.email } : {}),
      emailVerified: claims.email_verified === true,
      ...(typeof claims.name === 'string' ? { name: claims.name } : {}),
    }
  }
  let body: unknown
  try {
    const response = await client.fetchProtectedResource(
      configuration,
      tokens.access_token,
      provider.userinfoEndpoint as URL,
      'GET',
      undefined,
      new Headers({ accept: 'application/json' }),
    )
    if (!response.ok) throw new SocialLoginFailed()
    body = await response.json()
  } catch (error) {
    if (error instanceof SocialLoginFailed) throw error
    throw unreachable(error) ? new FrameServiceError('PROVIDER_UNAVAILABLE') : new SocialLoginFailed()
  }
  const parsed = z.safeParse(userinfoBody, body)
  if (!parsed.success) throw new SocialLoginFailed()
  const info = parsed.data
  const subject = info.sub ?? info.id ?? info.data?.id
  if (subject === undefined) throw new SocialLoginFailed()
  const name = info.name ?? info.data?.name ?? info.login ?? info.username ?? info.data?.username
  return {
    subject: String(subject),
    ...(info.email ? { email: info.email } : {}),
    emailVerified: info.email_verified === true || info.verified === true,
    ...(name ? { name } : {}),
  }
}

/** A network failure (no answer), as opposed to an answer that failed a check. */
function unreachable(error: unknown): boolean {
  return error instanceof TypeError && /fetch failed/i.test(error.message)
}

const scriptEscapes: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026' }

/**
 * The callback's page: posts `message` to the window that opened it, to `targetOrigin`
 * only (the app origin the flow was started for), then closes. Its one inline script runs
 * under a nonce; nothing else loads.
 *
 * @example
 * const { html, policy } = resultPage('http://127.0.0.1:5173', { type: 'latchkit:social', result })
 */
export function resultPage(targetOrigin: string, message: Record<string, unknown>, text: string) {
  const nonce = randomBytes(16).toString('base64')
  const json = (value: unknown) =>
    JSON.stringify(value).replace(/[<>&]/g, (ch) => scriptEscapes[ch] as string)
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Latchkit login</title>
</head>
<body>
<p>${text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)}</p>
<script nonce="${nonce}">
if (window.opener) window.opener.postMessage(${json(message)}, ${json(targetOrigin)});
window.close();
</script>
</body>
</html>
`
  return { html, policy: `default-src 'none'; script-src 'nonce-${nonce}'; frame-ancestors 'none'` }
}
