/**
 * Serves the dev Farcaster app on its own origin (127.0.0.1, a free port), as a person's
 * Farcaster app is apart from the site they sign in to: one HTML page with the app bundled
 * in (esbuild, once per process) and its config in a window global, and each dev user's
 * profile picture, a generated SVG, at `/pfp/<fid>.svg` (the `pfpUrl` the app sends).
 */
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { type Context, Hono } from 'hono'
import { listen } from '../../../server/http/listen.js'
import { devFarcasterUsers } from '../idRegistry.js'
import { DEV_FARCASTER_RELAY_KEY } from '../relay.js'
import { devAvatarSvg } from './avatar.js'
import { type DevFarcasterAppConfig, FARCASTER_APP_CONFIG_GLOBAL } from './config.js'

export type StartDevFarcasterAppOptions = {
  /** The relay to post approvals to, e.g. `relay.url`. */
  relayUrl: string
  /** Default the dev relay key. */
  authKey?: string
  /** Default the dev fids of idRegistry.ts. */
  users?: DevFarcasterAppConfig['users']
  /** Default: a free port. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
}

export type DevFarcasterApp = {
  /**
   * The page, e.g. `http://127.0.0.1:43123/`; add `?uri=<encoded farcaster:// URI>`. A dev
   * user's picture is at `devAvatarUrl(url, fid)`.
   */
  url: string
  port: number
  /** Stops listening; resolves once closed. Safe to call twice. */
  stop(): Promise<void>
}

const entry = fileURLToPath(new URL('./main.ts', import.meta.url))

let bundled: Promise<string> | undefined
const bundleApp = () => {
  bundled ??= bundle()
  bundled.catch(() => {
    bundled = undefined
  })
  return bundled
}

async function bundle(): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    minify: true,
    logLevel: 'silent',
  })
  const code = result.outputFiles[0]?.text
  if (!code) throw new Error('esbuild produced nothing for the dev Farcaster app')
  return code.replaceAll('</script', '<\\/script')
}

const STYLE = `body{font:15px/1.4 system-ui,sans-serif;max-width:420px;margin:0 auto;padding:12px}
textarea,select,button{font:inherit;margin:4px 0}textarea,select{width:100%;box-sizing:border-box}
label{display:block}button{margin-right:8px}span{word-break:break-all}`

/**
 * @example
 * const relay = await startFarcasterRelay()
 * const app = await startDevFarcasterApp({ relayUrl: relay.url })
 * await page.goto(`${app.url}?uri=${encodeURIComponent(channel.url)}`)
 * await app.stop()
 */
export async function startDevFarcasterApp(options: StartDevFarcasterAppOptions): Promise<DevFarcasterApp> {
  const config: DevFarcasterAppConfig = {
    relayUrl: options.relayUrl,
    authKey: options.authKey ?? DEV_FARCASTER_RELAY_KEY,
    users: (options.users ?? devFarcasterUsers).map(({ fid, username, displayName, custodyKey }) => ({
      fid,
      username,
      displayName,
      custodyKey,
    })),
  }
  const script = await bundleApp()
  const json = JSON.stringify(config).replaceAll('<', '\\u003c')
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>Latch Dev Farcaster App — TEST KEYS ONLY</title><style>${STYLE}</style></head>` +
    `<body><div id="root">Starting…</div>` +
    `<script>window.${FARCASTER_APP_CONFIG_GLOBAL}=${json}</script>` +
    `<script type="module">${script}</script></body></html>`

  const app = new Hono()
  app.get('/', (c: Context) => {
    c.header('Cache-Control', 'no-store')
    c.header('X-Content-Type-Options', 'nosniff')
    c.header('Referrer-Policy', 'no-referrer')
    return c.html(html)
  })
  app.get('/pfp/:file', (c: Context) => {
    const fid = /^([0-9]{1,16})\.svg$/.exec(c.req.param('file') ?? '')?.[1]
    const user = fid === undefined ? undefined : config.users.find((u) => String(u.fid) === fid)
    if (!user) return c.json({ message: 'Not found' }, 404)
    return c.body(devAvatarSvg(user), 200, {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      // Shown as an <img> by the sites a user signs in to, which are other origins.
      'cross-origin-resource-policy': 'cross-origin',
      // An SVG opened on its own runs no script and loads nothing.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    })
  })
  app.notFound((c) => c.json({ message: 'Not found' }, 404))
  const server = await listen(app.fetch, { port: options.port ?? 0, host: options.host ?? '127.0.0.1' })
  let stopping: Promise<void> | undefined
  return {
    url: `${server.url}/`,
    port: server.port,
    stop: () => {
      stopping ??= server.close()
      return stopping
    },
  }
}
