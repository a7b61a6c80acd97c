/**
 * Serves the dev mobile wallet on its own origin (127.0.0.1, a free port), as a phone
 * wallet is a separate app from the dapp: one HTML page with the wallet bundled in
 * (esbuild, once at start) and its config in a window global. `startDemo()` starts it
 * with the demo's chains, Solana endpoint and relay.
 */
import { fileURLToPath } from 'node:url'
import { type DevPageListenOptions, type DevPageServer, startDevPageServer } from '../dev-page-server.js'
import { MOBILE_WALLET_CONFIG_GLOBAL, type MobileWalletConfig, mobileWalletConfigSchema } from './config.js'

export type StartDevMobileWalletOptions = DevPageListenOptions & {
  config: MobileWalletConfig
}

/** Its `url` is the page, e.g. `http://127.0.0.1:43123/`; add `?uri=<encoded wc: URI>` to pair at once. */
export type DevMobileWalletServer = DevPageServer

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
  return startDevPageServer({
    entry: fileURLToPath(new URL('./main.ts', import.meta.url)),
    name: 'the dev mobile wallet',
    title: 'Latch Dev Mobile Wallet — TEST KEYS ONLY',
    style: STYLE,
    configGlobal: MOBILE_WALLET_CONFIG_GLOBAL,
    config,
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    // `/wc` is where a dapp's "open in browser" link lands: `<web app>/wc?uri=<wc: URI>`, as
    // for any wallet's web app in the registry.
    paths: ['/', '/wc'],
    port: options.port,
    host: options.host,
  })
}
