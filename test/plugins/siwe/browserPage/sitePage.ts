import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { type StaticServer, serveHtml } from '../../../support/static-server.js'

const entry = fileURLToPath(new URL('./page.tsx', import.meta.url))
const tsconfig = fileURLToPath(new URL('../../../../tsconfig.json', import.meta.url))

/**
 * Bundles page.tsx (the repo's entries resolve through tsconfig paths, as in the demo)
 * into one inline script and serves it at `/` on 127.0.0.1. One classic script: the
 * static server serves HTML only, so the lazy chunks are inlined too.
 *
 * @example
 * const site = await serveSiwePage()
 * await page.goto(site.url)
 */
export async function serveSiwePage(): Promise<StaticServer> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    tsconfig,
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'silent',
  })
  const code = result.outputFiles[0]?.text
  if (!code) throw new Error('esbuild produced no page bundle')
  // `</script` inside the bundle would end the inline script early.
  const script = code.replaceAll('</script', '<\\/script')
  return serveHtml({
    '/': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>siwe test</title></head><body><div id="root"></div><script>${script}</script></body></html>`,
  })
}
