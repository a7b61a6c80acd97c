/**
 * A bare page with nothing but the dev wallet's bundle, for testing the wallet on its own
 * (no React, no kernel). The bundle exposes `window.LatchDevWallet`; a test installs the
 * wallet with `page.evaluate` and then talks to the provider as a dApp would.
 */
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { type StaticServer, serveHtml } from '../../support/static-server.js'

const entry = fileURLToPath(new URL('../../../devstack/dev-wallet/index.ts', import.meta.url))

/**
 * Bundles the dev wallet into one classic script that sets `window.LatchDevWallet`.
 *
 * @example const script = await bundleDevWallet()
 */
export async function bundleDevWallet(): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    globalName: 'LatchDevWallet',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  })
  const code = result.outputFiles[0]?.text
  if (!code) throw new Error('esbuild produced no dev wallet bundle')
  return code
}

/**
 * Serves `/` with the dev wallet bundle inlined (and nothing installed yet).
 *
 * @example
 * const server = await serveDevWalletPage()
 * await page.goto(server.url)
 * await page.evaluate((chains) => LatchDevWallet.installDevWallet({ chains }), chains)
 */
export async function serveDevWalletPage(): Promise<StaticServer> {
  // `</script` inside the bundle would end the inline script early; `<\/script` is the
  // same string to JavaScript and harmless to the HTML parser.
  const code = (await bundleDevWallet()).replaceAll('</script', '<\\/script')
  return serveHtml({
    '/': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>dev wallet</title></head><body><main><h1>dApp</h1></main><script>${code}</script></body></html>`,
  })
}
