/**
 * Serves the dev Farcaster app on its own origin (127.0.0.1, a free port), as a person's
 * Farcaster app is apart from the site they sign in to: one HTML page with the app bundled
 * in (esbuild, once per process) and its config in a window global, and each dev user's
 * profile picture, a generated SVG, at `/pfp/<fid>.svg` (the `pfpUrl` the app sends).
 */
import { fileURLToPath } from 'node:url'
import { type DevPageListenOptions, type DevPageServer, startDevPageServer } from '../../dev-page-server.js'
import { devFarcasterUsers } from '../idRegistry.js'
import { DEV_FARCASTER_RELAY_KEY } from '../relay.js'
import { devAvatarSvg } from './avatar.js'
import { type DevFarcasterAppConfig, FARCASTER_APP_CONFIG_GLOBAL } from './config.js'

export type StartDevFarcasterAppOptions = DevPageListenOptions & {
  /** The relay to post approvals to, e.g. `relay.url`. */
  relayUrl: string
  /** Default the dev relay key. */
  authKey?: string
  /** Default the dev fids of idRegistry.ts. */
  users?: DevFarcasterAppConfig['users']
}

/**
 * Its `url` is the page, e.g. `http://127.0.0.1:43123/`; add `?uri=<encoded farcaster://
 * URI>`. A dev user's picture is at `devAvatarUrl(url, fid)`.
 */
export type DevFarcasterApp = DevPageServer

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
  return startDevPageServer({
    entry: fileURLToPath(new URL('./main.ts', import.meta.url)),
    name: 'the dev Farcaster app',
    title: 'Latch Dev Farcaster App — TEST KEYS ONLY',
    style: STYLE,
    configGlobal: FARCASTER_APP_CONFIG_GLOBAL,
    config,
    routes: (app) => {
      app.get('/pfp/:file', (c) => {
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
    },
    port: options.port,
    host: options.host,
  })
}
