import { existsSync, readdirSync } from 'node:fs'
import type { Plugin } from 'esbuild'

/** An entry besides the plugins whose cost the bench reports, and how an app uses it. */
export interface IntegrationEntry {
  /** The import path, e.g. 'latchkit/wagmi'. */
  entry: string
  /** The source of 'bench:extras': it imports the entry and uses it in applyExtras(kernel). */
  source: string
  /** What the app has without the entry (for latchkit/wagmi: wagmi itself, the app's own). */
  baseline: string
}

/** With this module latchkit-extras.tsx is minimal: the baseline of every entry's cost. */
export const NO_EXTRAS = 'export function applyExtras() {}\n'

/**
 * The integration entries in the tree: latchkit/wagmi (a connector made for the kernel)
 * and every locale under locales/ (set as the kernel's locale), so a new locale is
 * measured without anyone editing the bench.
 *
 * @example
 * discoverIntegrationEntries(repoRoot).map((e) => e.entry) // ['latchkit/wagmi', 'latchkit/locales/ar', ...]
 */
export function discoverIntegrationEntries(root: string): IntegrationEntry[] {
  const entries: IntegrationEntry[] = []
  if (existsSync(`${root}/src/wagmi/index.ts`)) {
    // An app that uses this entry already has wagmi (and so viem) for its own hooks: the
    // baseline makes a wagmi config too, so the figure is what the connector adds to that.
    const wagmiApp = (connectors: string) => `import { createConfig, http } from 'wagmi'
${connectors ? "import { latchkitConnector } from 'latchkit/wagmi'\n" : ''}const chain = { id: 1, name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['https://eth.example'] } } }
export function applyExtras(kernel) {
  globalThis.__benchExtra = createConfig({ chains: [chain], connectors: [${connectors}], multiInjectedProviderDiscovery: false, transports: { 1: http() } })
}\n`
    entries.push({
      entry: 'latchkit/wagmi',
      baseline: wagmiApp(''),
      source: wagmiApp('latchkitConnector(kernel)'),
    })
  }
  const locales = `${root}/locales`
  if (existsSync(locales)) {
    const tags = readdirSync(locales, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(`${locales}/${d.name}/index.ts`))
      .map((d) => d.name)
      .sort()
    for (const tag of tags) {
      entries.push({
        entry: `latchkit/locales/${tag}`,
        baseline: NO_EXTRAS,
        source: `import locale from 'latchkit/locales/${tag}'
export function applyExtras(kernel) { kernel.i18n.setLocale(locale) }\n`,
      })
    }
  }
  return entries
}

/**
 * Serves the virtual module 'bench:extras' that latchkit-extras.tsx imports.
 *
 * @example
 * await build({ entryPoints: ['bench/apps/latchkit-extras.tsx'], plugins: [latchkitSource(), benchExtras(root, NO_EXTRAS)] })
 */
export function benchExtras(root: string, source: string): Plugin {
  return {
    name: 'bench-extras',
    setup(build) {
      build.onResolve({ filter: /^bench:extras$/ }, () => ({
        path: 'bench:extras',
        namespace: 'bench-extras',
      }))
      build.onLoad({ filter: /.*/, namespace: 'bench-extras' }, () => ({
        contents: source,
        loader: 'js',
        resolveDir: root,
      }))
    },
  }
}
