/**
 * Serves a dev stand-in's page on its own origin (127.0.0.1, a free port), as an app a
 * person uses apart from the dapp (the dev mobile wallet, the dev Farcaster app): one HTML
 * page with a browser script bundled in (esbuild, once per entry and process) and its
 * config in a window global, plus whatever other routes the stand-in needs.
 */
import { build } from 'esbuild'
import { type Context, Hono } from 'hono'
import { listen } from '../server/http/listen.js'

/** Where a page server listens. */
export type DevPageListenOptions = {
  /** Default: a free port. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
}

export type DevPageOptions = DevPageListenOptions & {
  /** Absolute path of the browser script's entry, e.g. `fileURLToPath(new URL('./main.ts', import.meta.url))`. */
  entry: string
  /** What the page is, for the error when esbuild produces nothing, e.g. `the dev mobile wallet`. */
  name: string
  /** The page's `<title>`, as given (not escaped). */
  title: string
  /** The page's CSS. */
  style: string
  /** The window global the script reads its config from. */
  configGlobal: string
  /** Put in `configGlobal` as JSON. */
  config: unknown
  /** esbuild's `define` for the script. Default none. */
  define?: Record<string, string>
  /** The paths that answer with the page. Default `['/']`. */
  paths?: readonly string[]
  /** Adds the stand-in's other routes to the app before it listens. */
  routes?: (app: Hono) => void
}

export type DevPageServer = {
  /** The page, e.g. `http://127.0.0.1:43123/`. */
  url: string
  port: number
  /** Stops listening; resolves once closed. Safe to call twice. */
  stop(): Promise<void>
}

/** One bundle per entry and process: every demo a test run starts serves the same script. */
const bundles = new Map<string, Promise<string>>()

function bundled(options: DevPageOptions): Promise<string> {
  let script = bundles.get(options.entry)
  if (!script) {
    script = bundle(options)
    bundles.set(options.entry, script)
    // A failed build is tried again by the next start.
    script.catch(() => {
      if (bundles.get(options.entry) === script) bundles.delete(options.entry)
    })
  }
  return script
}

/** The entry bundled into one module script that is safe inline. */
async function bundle({ entry, name, define }: DevPageOptions): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    minify: true,
    logLevel: 'silent',
    ...(define ? { define } : {}),
  })
  const code = result.outputFiles[0]?.text
  if (!code) throw new Error(`esbuild produced nothing for ${name}`)
  return code.replaceAll('</script', '<\\/script')
}

/**
 * Bundles `entry` (once per process), serves it as one page with `config` in
 * `window[configGlobal]` at each of `paths`, and answers anything else not in `routes`
 * with a JSON 404.
 *
 * @example
 * const server = await startDevPageServer({
 *   entry: fileURLToPath(new URL('./main.ts', import.meta.url)),
 *   name: 'the dev Farcaster app',
 *   title: 'Latch Dev Farcaster App — TEST KEYS ONLY',
 *   style: 'body{font:15px/1.4 system-ui,sans-serif}',
 *   configGlobal: FARCASTER_APP_CONFIG_GLOBAL,
 *   config,
 *   routes: (app) => app.get('/pfp/:file', (c) => c.body(svg, 200, { 'content-type': 'image/svg+xml' })),
 * })
 * await page.goto(server.url)
 * await server.stop()
 */
export async function startDevPageServer(options: DevPageOptions): Promise<DevPageServer> {
  const script = await bundled(options)
  const json = JSON.stringify(options.config).replaceAll('<', '\\u003c')
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${options.title}</title><style>${options.style}</style></head>` +
    `<body><div id="root">Starting…</div>` +
    `<script>window.${options.configGlobal}=${json}</script>` +
    `<script type="module">${script}</script></body></html>`

  const app = new Hono()
  const page = (c: Context) => {
    c.header('Cache-Control', 'no-store')
    c.header('X-Content-Type-Options', 'nosniff')
    c.header('Referrer-Policy', 'no-referrer')
    return c.html(html)
  }
  for (const path of options.paths ?? ['/']) app.get(path, page)
  options.routes?.(app)
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
