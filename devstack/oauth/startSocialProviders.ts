/**
 * Local stand-ins for the six social providers, one oidc-provider each on its own
 * 127.0.0.1 port with its own issuer and signing key, and a login page where a person
 * picks one of the dev users. Each behaves as its real counterpart does where it matters
 * to the frame service:
 * - google and apple: OpenID Connect, the person in a signed ID token (email included);
 * - github, x, discord: plain OAuth 2.0, no ID token, the person read with the access
 *   token from a userinfo route shaped like the real API (`/user`, `/2/users/me`,
 *   `/api/users/@me`);
 * - facebook: plain OAuth 2.0 too, as its web login is (the Graph API's `/me`); its
 *   OpenID Connect side exists only for the iOS SDK's Limited Login.
 */
import { generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider'
import type { SocialProvider, SocialProviderConfig } from '../../server/embedded-wallet/social.js'
import { DEV_USERS, type DevUser } from './dev-users.js'

type Shape = {
  kind: 'oidc' | 'oauth2'
  scopes: readonly string[]
  /** oauth2: where the person is read, and the real API's shape of them. */
  userinfo?: { path: string; body(user: DevUser): Record<string, unknown> }
}

const SHAPES: Record<SocialProvider, Shape> = {
  google: { kind: 'oidc', scopes: ['openid', 'email', 'profile'] },
  apple: { kind: 'oidc', scopes: ['openid', 'email'] },
  github: {
    kind: 'oauth2',
    scopes: ['read:user', 'user:email'],
    userinfo: {
      path: '/user',
      body: (user) => ({ id: user.number, login: user.id, name: user.name, email: user.email }),
    },
  },
  x: {
    kind: 'oauth2',
    scopes: ['users.read', 'tweet.read'],
    userinfo: {
      path: '/2/users/me',
      // X hands out no email.
      body: (user) => ({ data: { id: String(user.number), name: user.name, username: user.id } }),
    },
  },
  discord: {
    kind: 'oauth2',
    scopes: ['identify', 'email'],
    userinfo: {
      path: '/api/users/@me',
      body: (user) => ({
        id: String(user.number),
        username: user.id,
        global_name: user.name,
        email: user.email,
        verified: true,
      }),
    },
  },
  facebook: {
    kind: 'oauth2',
    scopes: ['public_profile', 'email'],
    userinfo: {
      path: '/me',
      body: (user) => ({ id: String(user.number), name: user.name, email: user.email }),
    },
  },
}

/** The client the frame service is registered as on every local provider. */
export const DEV_CLIENT = { clientId: 'latchkit-frame', clientSecret: 'latchkit-frame-dev-secret' }
/** A second client on every provider: an ID token issued for it is for another audience. */
export const OTHER_CLIENT = { clientId: 'other-app', clientSecret: 'other-app-dev-secret' }

export type StartSocialProvidersOptions = {
  /**
   * The redirect URIs allowed. Loopback ones match any port (the frame service's is known
   * only once it listens). Default: `http://127.0.0.1/v1/social/callback` and the same on
   * `localhost`.
   */
  redirectUris?: readonly string[]
}

export type ClaimsChange = (claims: Record<string, unknown>) => Record<string, unknown>

const newRsaKey = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey

/** A compact RS256 JWS, as the provider signs its ID tokens. */
function signJwt(claims: Record<string, unknown>, key: KeyObject, kid: string): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const input = `${part({ alg: 'RS256', typ: 'JWT', kid })}.${part(claims)}`
  return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`
}

export type LocalSocialProvider = {
  name: SocialProvider
  issuer: string
  /** The frame service's configuration for this provider, as `social.providers[name]`. */
  config: SocialProviderConfig
  /**
   * The next ID token this provider's token endpoint returns is replaced by `change` of
   * its claims, signed with the provider's own key (or, with `foreignKey`, with a key it
   * never published): how a test makes a token for another audience, with another nonce,
   * or forged.
   */
  tamperNextIdToken(change: ClaimsChange, options?: { foreignKey?: boolean }): void
}

export type StartedSocialProviders = {
  providers: Record<SocialProvider, LocalSocialProvider>
  /** Every provider's configuration, for the frame service's `social` option. */
  social: { providers: Record<SocialProvider, SocialProviderConfig> }
  stop(): Promise<void>
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

function loginPage(provider: SocialProvider, uid: string, clientId: string): string {
  const buttons = DEV_USERS.map(
    (user) =>
      `<button type="submit" name="user" value="${escapeHtml(user.id)}">${escapeHtml(user.name)} &lt;${escapeHtml(user.email)}&gt;</button>`,
  ).join('\n')
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Local ${escapeHtml(provider)} login</title>
<style>body { font: 16px/1.5 system-ui, sans-serif; max-width: 28rem; margin: 12vh auto; padding: 0 16px; } button { display: block; width: 100%; margin: 8px 0; padding: 10px; font: inherit; }</style>
</head>
<body>
<h1>Local ${escapeHtml(provider)}</h1>
<p>${escapeHtml(clientId)} asks who you are. Pick a dev user:</p>
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
${buttons}
</form>
</body>
</html>
`
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > 16 * 1024) throw new Error('form too large')
    chunks.push(chunk as Buffer)
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

async function startOne(
  name: SocialProvider,
  redirectUris: readonly string[],
): Promise<{ provider: LocalSocialProvider; server: Server }> {
  const shape = SHAPES[name]
  const privateKey = newRsaKey()
  const kid = `${name}-${randomBytes(4).toString('hex')}`
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }
  let tamper: { change: ClaimsChange; foreignKey: boolean } | undefined

  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const issuer = `http://127.0.0.1:${port}`

  const client = (credentials: typeof DEV_CLIENT) => ({
    client_id: credentials.clientId,
    client_secret: credentials.clientSecret,
    // native: a loopback redirect URI matches on any port (RFC 8252).
    application_type: 'native' as const,
    redirect_uris: [...redirectUris],
    grant_types: ['authorization_code'],
    response_types: ['code' as const],
    token_endpoint_auth_method: 'client_secret_basic' as const,
  })
  const accountOf = (id: string) => DEV_USERS.find((user) => String(user.number) === id)
  const configuration: Configuration = {
    clients: [client(DEV_CLIENT), client(OTHER_CLIENT)],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    scopes: [...shape.scopes],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Like Google's: the email is in the ID token, not only at the userinfo endpoint.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      const user = accountOf(id)
      if (!user) return undefined
      return {
        accountId: id,
        claims: async () => ({ sub: id, email: user.email, email_verified: true, name: user.name }),
      }
    },
  }
  const oidc = new Provider(issuer, configuration)
  oidc.use(async (ctx: KoaContextWithOIDC, next) => {
    await next()
    const body = ctx.body as Record<string, unknown> | undefined
    if (ctx.path !== '/token' || ctx.status !== 200 || !tamper || typeof body?.id_token !== 'string') return
    const { change, foreignKey } = tamper
    tamper = undefined
    const claims = JSON.parse(Buffer.from(body.id_token.split('.')[1] ?? '', 'base64url').toString('utf8'))
    const idToken = signJwt(change(claims), foreignKey ? newRsaKey() : privateKey, kid)
    ctx.body = { ...body, id_token: idToken }
  })
  const callback = oidc.callback()

  // A dev provider: whatever the client asks for is granted once the person picked a user.
  const grantAll = async (
    details: Awaited<ReturnType<typeof oidc.interactionDetails>>,
    accountId: string,
  ) => {
    const grant = new oidc.Grant({ clientId: String(details.params.client_id), accountId })
    const asked = String(details.params.scope ?? '').split(' ')
    grant.addOIDCScope(asked.filter((scope) => shape.scopes.includes(scope)).join(' '))
    return grant.save()
  }

  const interaction = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    const details = await oidc.interactionDetails(req, res)
    if (req.method === 'GET' && details.prompt.name === 'consent' && details.session?.accountId) {
      const grantId = await grantAll(details, details.session.accountId)
      await oidc.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true })
      return
    }
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end(loginPage(name, details.uid, String(details.params.client_id)))
      return
    }
    if (req.method === 'POST' && path.endsWith('/login')) {
      const form = await readForm(req)
      const picked = DEV_USERS.find((candidate) => candidate.id === form.get('user'))
      if (!picked) {
        res.writeHead(400, { 'content-type': 'text/plain' })
        res.end('pick one of the dev users')
        return
      }
      await oidc.interactionFinished(
        req,
        res,
        {
          login: { accountId: String(picked.number) },
          consent: { grantId: await grantAll(details, String(picked.number)) },
        },
        { mergeWithLastSubmission: false },
      )
      return
    }
    res.writeHead(405).end()
  }

  const userinfo = async (req: IncomingMessage, res: ServerResponse) => {
    const token = req.headers.authorization?.match(/^Bearer (.+)$/)?.[1]
    const found = token ? await oidc.AccessToken.find(token) : undefined
    const user = found && !found.isExpired ? accountOf(found.accountId) : undefined
    if (!user || !shape.userinfo) {
      res.writeHead(401, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ message: 'Bad credentials' }))
      return
    }
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify(shape.userinfo.body(user)))
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', issuer).pathname
    const handled = path.startsWith('/interaction/')
      ? interaction(req, res, path)
      : shape.userinfo && path === shape.userinfo.path
        ? userinfo(req, res)
        : undefined
    if (handled === undefined) {
      callback(req, res)
      return
    }
    handled.catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' })
      res.end(error instanceof Error ? error.message : 'failed')
    })
  })

  const config: SocialProviderConfig =
    shape.kind === 'oidc'
      ? { kind: 'oidc', issuer, ...DEV_CLIENT, scopes: shape.scopes }
      : {
          kind: 'oauth2',
          issuer,
          authorizationEndpoint: `${issuer}/auth`,
          tokenEndpoint: `${issuer}/token`,
          userinfoEndpoint: `${issuer}${shape.userinfo?.path ?? ''}`,
          ...DEV_CLIENT,
          scopes: shape.scopes,
        }
  return {
    server,
    provider: {
      name,
      issuer,
      config,
      tamperNextIdToken(change, options = {}) {
        tamper = { change, foreignKey: options.foreignKey === true }
      },
    },
  }
}

/**
 * Starts one local provider per social provider.
 *
 * @example
 * const social = await startSocialProviders()
 * const frame = await startFrameService({ ...options, social: social.social })
 * // ...
 * await social.stop()
 */
export async function startSocialProviders(
  options: StartSocialProvidersOptions = {},
): Promise<StartedSocialProviders> {
  const redirectUris = options.redirectUris ?? [
    'http://127.0.0.1/v1/social/callback',
    'http://localhost/v1/social/callback',
  ]
  const names = Object.keys(SHAPES) as SocialProvider[]
  const started = await Promise.all(names.map((name) => startOne(name, redirectUris)))
  const servers = started.map((one) => one.server)
  const providers = Object.fromEntries(started.map((one) => [one.provider.name, one.provider])) as Record<
    SocialProvider,
    LocalSocialProvider
  >
  return {
    providers,
    social: {
      providers: Object.fromEntries(names.map((name) => [name, providers[name].config])) as Record<
        SocialProvider,
        SocialProviderConfig
      >,
    },
    async stop() {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections()
              server.close(() => resolve())
            }),
        ),
      )
    },
  }
}
