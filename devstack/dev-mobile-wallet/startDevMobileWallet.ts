/**
 * Serves the dev mobile wallet on its own origin (127.0.0.1, a free port), as a phone
 * wallet is a separate app from the dapp: one HTML page with the wallet bundled in
 * (esbuild, once at start) and its config in a window global. `startDemo()` starts it
 * with the demo's chains, Solana endpoint and relay.
 */
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { type Context, Hono } from 'hono'
import { listen } from '../../server/http/listen.js'
import { MOBILE_WALLET_CONFIG_GLOBAL, type MobileWalletConfig, mobileWalletConfigSchema } from './config.js'

export type StartDevMobileWalletOptions = {
  config: MobileWalletConfig
  /** Default: a free port. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
}

export type DevMobileWalletServer = {
  /** The page, e.g. `http://127.0.0.1:43123/`; add `?uri=<encoded wc: URI>` to pair at once. */
  url: string
  port: number
  /** Stops listening; resolves once closed. Safe to call twice. */
  stop(): Promise<void>
}

const entry = fileURLToPath(new URL('./main.ts', import.meta.url))

/** One bundle per process: every demo a test run starts serves the same script. */
let bundled: Promise<string> | undefined
const bundleWallet = () => {
  bundled ??= bundle()
  bundled.catch(() => {
    bundled = undefined
  })
  return bundled
}

/** The wallet bundled into one module script that is safe inline. */
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
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
  })
  const code = result.outputFiles[0]?.text
  if (!code) throw new Error('esbuild produced nothing for the dev mobile wallet')
  return code.replaceAll('</script', '<\\/script')
}

const STYLE = `body{font:15px/1.4 system-ui,sans-serif;max-width:420px;margin:0 auto;padding:12px}
input,select,button{font:inherit;margin:4px 0}input:not([type=file]){width:100%;box-sizing:border-box}
label{display:block}article{border:1px solid #999;border-radius:8px;padding:8px;margin:8px 0}
pre{white-space:pre-wrap;word-break:break-all;max-height:200px;overflow:auto;background:#f4f4f4}
.warning{color:#a40}.error{color:#b00}button{margin-right:8px}`

/**
 * @example
 * const wallet = await startDevMobileWallet({ config: { relayUrl, projectId, chains } })
 * await page.goto(`${wallet.url}?uri=${encodeURIComponent(uri)}`)
 * await wallet.stop()
 */
export async function startDevMobileWallet(
  options: StartDevMobileWalletOptions,
): Promise<DevMobileWalletServer> {
  const config = mobileWalletConfigSchema.parse(options.config)
  const script = await bundleWallet()
  const json = JSON.stringify(config).replaceAll('<', '\\u003c')
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>Latch Dev Mobile Wallet — TEST KEYS ONLY</title><style>${STYLE}</style></head>` +
    `<body><div id="root">Starting…</div>` +
    `<script>window.${MOBILE_WALLET_CONFIG_GLOBAL}=${json}</script>` +
    `<script type="module">${script}</script></body></html>`

  const app = new Hono()
  const page = (c: Context) => {
    c.header('Cache-Control', 'no-store')
    c.header('X-Content-Type-Options', 'nosniff')
    c.header('Referrer-Policy', 'no-referrer')
    return c.html(html)
  }
  app.get('/', page)
  // Where a dapp's "open in browser" link lands: `<web app>/wc?uri=<wc: URI>`, as for any
  // wallet's web app in the registry.
  app.get('/wc', page)
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
