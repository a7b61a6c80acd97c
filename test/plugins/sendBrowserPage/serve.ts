/**
 * Builds the send test page (app.tsx) into one script with esbuild and serves it from
 * 127.0.0.1. One file, no chunks: the static server serves HTML only, so the lazy views
 * are bundled in (esbuild inlines dynamic imports when splitting is off); how they split
 * is the bundle test's business.
 */
import { fileURLToPath } from 'node:url'
import { build, type Plugin } from 'esbuild'
import { alias } from '../../../vitest.shared'
import { type StaticServer, serveHtml } from '../../support/static-server'
import type { SendTestConfig } from './app'

const entry = fileURLToPath(new URL('./app.tsx', import.meta.url))

const latchkitSource: Plugin = {
  name: 'latchkit-source',
  setup(b) {
    b.onResolve({ filter: /^latchkit(\/|$)/ }, (args) => {
      const rule = alias.find(({ find }) => find.test(args.path))
      return rule ? { path: args.path.replace(rule.find, rule.replacement) } : undefined
    })
  },
}

/**
 * @example
 * const server = await serveSendTestPage({ appChains, walletChains, accounts, apiUrl })
 * await page.goto(server.url)
 */
export async function serveSendTestPage(config: SendTestConfig): Promise<StaticServer> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    write: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [latchkitSource],
  })
  const code = result.outputFiles[0]?.text
  if (!code) throw new Error('esbuild produced no send test page')
  // `</script` inside the bundle would end the inline script early.
  const script = code.replaceAll('</script', '<\\/script')
  const json = JSON.stringify(config).replaceAll('<', '\\u003c')
  return serveHtml({
    '/': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>send test</title></head><body><div id="root"></div><script>window.sendTestConfig=${json}</script><script type="module">${script}</script></body></html>`,
  })
}
