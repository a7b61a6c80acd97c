/**
 * Builds a test page's entry (a .tsx that renders into #root) into one script with esbuild,
 * with `latchkit/*` resolved to this repository's sources, and serves it from 127.0.0.1
 * with the test's config in a window global. One file, no chunks: the static server serves
 * HTML only, so lazy views are bundled in (esbuild inlines dynamic imports when splitting
 * is off); how they split is the bundle test's business.
 */
import { build } from 'esbuild'
import { latchkitSource } from '../../bench/sourceAlias'
import { type StaticServer, serveHtml } from './static-server'

export interface BundledPage {
  /** Absolute path of the page's entry. */
  entry: string
  title: string
  /** The window global the entry reads its config from, e.g. 'sendTestConfig'. */
  configGlobal: string
  config: unknown
  /** Minify the script: a smaller one parses faster in each test's fresh page. */
  minify?: boolean
}

/**
 * The page's entry as one inline-safe module script: bundled with `latchkit/*` resolved to
 * this repository's sources, and `</script` escaped so it cannot end the script early.
 *
 * @example
 * const script = await bundlePageScript(here('../pages/modal.tsx'))
 */
export async function bundlePageScript(entry: string, { minify = false } = {}): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    write: false,
    minify,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [latchkitSource()],
  })
  const code = result.outputFiles[0]?.text
  if (!code) throw new Error(`esbuild produced nothing for ${entry}`)
  return code.replaceAll('</script', '<\\/script')
}

/**
 * @example
 * const server = await serveBundledPage({ entry, title: 'wagmi test', configGlobal: 'wagmiTestConfig', config })
 * await page.goto(server.url)
 */
export async function serveBundledPage(page: BundledPage): Promise<StaticServer> {
  const script = await bundlePageScript(page.entry, { minify: page.minify ?? false })
  const json = JSON.stringify(page.config).replaceAll('<', '\\u003c')
  return serveHtml({
    '/': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${page.title}</title></head><body><div id="root"></div><script>window.${page.configGlobal}=${json}</script><script type="module">${script}</script></body></html>`,
  })
}
