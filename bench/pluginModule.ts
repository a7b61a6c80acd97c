import { existsSync, readdirSync, readFileSync } from 'node:fs'
import type { Plugin } from 'esbuild'

/** Folders under `plugins/` that have an entry (index.ts), sorted: every plugin that exists. */
export function discoverPlugins(root: string): string[] {
  const folder = `${root}/plugins`
  if (!existsSync(folder)) return []
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(`${folder}/${entry.name}/index.ts`))
    .map((entry) => entry.name)
    .sort()
}

/** 'smart-sessions' -> 'smartSessions': the factory name DESIGN.md's examples use. */
function camelCase(name: string): string {
  return name.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())
}

/**
 * The import that brings in one plugin's factory the way an integrator writes it: a named
 * import of the factory (camelCase of the folder, in any case) or the default export. A namespace
 * import is the last resort because it keeps every export and would overstate the size.
 */
function factoryImport(root: string, name: string, local: string): string {
  const source = readFileSync(`${root}/plugins/${name}/index.ts`, 'utf8')
  // Any case: the walletconnect folder's factory is walletConnect.
  const named = new RegExp(
    `export\\s+(?:\\{[^}]*\\b(${camelCase(name)})\\b[^}]*\\}|(?:async\\s+)?(?:function|const|let)\\s+(${camelCase(name)})\\b)`,
    'i',
  ).exec(source)
  const factory = named?.[1] ?? named?.[2]
  if (factory) return `import { ${factory} as ${local} } from 'latchkit/plugins/${name}'`
  if (/export\s+default\b|export\s*\{[^}]*\bas\s+default\b/.test(source)) {
    return `import ${local} from 'latchkit/plugins/${name}'`
  }
  return `import * as ${local}Module from 'latchkit/plugins/${name}'\nconst ${local} = Object.values(${local}Module).find((value) => typeof value === 'function')`
}

/**
 * A plugin's exports besides its factory that the full app needs to configure it
 * (bench/apps/fullAppServices.ts), imported only with the plugin, as an integrator would.
 */
export const PLUGIN_HELPERS: Readonly<Record<string, readonly string[]>> = { siwe: ['httpVerifier'] }

/** The import of a plugin's helpers, and the object literal that hands them over. */
function helperImport(name: string, local: string): { source: string; object: string } {
  const helpers = PLUGIN_HELPERS[name] ?? []
  if (helpers.length === 0) return { source: '', object: '{}' }
  const alias = (helper: string) => `${local}_${helper}`
  return {
    source: `import { ${helpers.map((helper) => `${helper} as ${alias(helper)}`).join(', ')} } from 'latchkit/plugins/${name}'`,
    object: `{ ${helpers.map((helper) => `${helper}: ${alias(helper)}`).join(', ')} }`,
  }
}

/** The source of 'bench:plugins' for the given plugin folders. */
export function pluginModuleSource(root: string, names: readonly string[]): string {
  const helpers = names.map((name, index) => helperImport(name, `plugin${index}`))
  const imports = names.flatMap((name, index) => [
    factoryImport(root, name, `plugin${index}`),
    helpers[index]?.source ?? '',
  ])
  const list = names.map(
    (name, index) => `[${JSON.stringify(name)}, plugin${index}, ${helpers[index]?.object ?? '{}'}]`,
  )
  return `${imports.filter(Boolean).join('\n')}\nexport const pluginFactories = [${list.join(', ')}]\n`
}

/**
 * Serves the virtual module 'bench:plugins' that latchkit-full.tsx imports. `names`
 * narrows it (one plugin, or none) so the bench can build minimal + one plugin.
 */
export function benchPlugins(root: string, names: readonly string[] = discoverPlugins(root)): Plugin {
  return {
    name: 'bench-plugins',
    setup(build) {
      build.onResolve({ filter: /^bench:plugins$/ }, () => ({
        path: 'bench:plugins',
        namespace: 'bench-plugins',
      }))
      build.onLoad({ filter: /.*/, namespace: 'bench-plugins' }, () => ({
        contents: pluginModuleSource(root, names),
        loader: 'ts',
        // Bare 'latchkit/...' specifiers resolve through latchkitSource(); this is for the rest.
        resolveDir: root,
      }))
    },
  }
}
