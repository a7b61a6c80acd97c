/**
 * Builds a test page's entry (a .tsx that renders into #root) into one script with esbuild,
 * with `latchkit/*` resolved to this repository's sources, and serves it from 127.0.0.1
 * with the test's config in a window global. One file, no chunks: the static server serves
 * HTML only, so lazy views are bundled in (esbuild inlines dynamic imports when splitting
 * is off); how they split is the bundle test's business.
 */
import { build, type Plugin } from 'esbuild'
import { alias } from '../../vitest.shared'
import { type StaticServer, serveHtml } from './static-server'

const latchkitSource: Plugin = {
  name: 'latchkit-source',
  setup(b) {
    b.onResolve({ filter: /^latchkit(\/|$)/ }, (args) => {
      const rule = alias.find(({ find }) => find.test(args.path))
      return rule ? { path: args.path.replace(rule.find, rule.replacement) } : undefined
    })
  },
}

export interface BundledPage {
  /** Absolute path of the page's entry. */
  entry: string
  title: string
  /** The window global the entry reads its config from, e.g. 'sendTestConfig'. */
  configGlobal: string
  config: unknown
}

/**
 * The page's entry as one inline-safe module script: bundled with `latchkit/*` resolved to
 * this repository's sources, and `</script` escaped so it cannot end the script early.
 *
 * @example
 * const script = await bundlePageScript(here('../pages/modal.tsx'))
 */
export async function bundlePageScript(entry: string): Promise<string> {
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
  if (!code) throw new Error(`esbuild produced nothing for ${entry}`)
  return code.replaceAll('</script', '<\\/script')
}

/**
 * @example
 * const server = await serveBundledPage({ entry, title: 'wagmi test', configGlobal: 'wagmiTestConfig', config })
 * await page.goto(server.url)
 */
export async function serveBundledPage(page: BundledPage): Promise<StaticServer> {
  const script = await bundlePageScript(page.entry)
  const json = JSON.stringify(page.config).replaceAll('<', '\\u003c')
  return serveHtml({
    '/': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${page.title}</title></head><body><div id="root"></div><script>window.${page.configGlobal}=${json}</script><script type="module">${script}</script></body></html>`,
  })
}
