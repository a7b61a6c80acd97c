/**
 * Which npm packages each entry of `latchkit` needs in a dapp: the entry bundled from
 * source as a browser bundler does, every lazy `import()` followed, our own `latchkit/...`
 * entries resolved to source (tsconfig paths) and every other package left external. What
 * the bundle imports from outside, and what the files it holds import for their types
 * (their declarations name those packages too), is the entry's need.
 */
import { readFileSync } from 'node:fs'
import { build, type Plugin } from 'esbuild'

/** `@scope/name` or `name`, from a specifier such as `@scope/name/sub` or `name/sub.js`. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string)
}

const ownEntry = /^latchkit(\/|$)/

/** Every other package stays outside the bundle, as a library's dependency or peer does. */
const packagesExternal: Plugin = {
  name: 'packages-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      ownEntry.test(args.path) ? undefined : { path: args.path, external: true },
    )
  },
}

/** Bare specifiers in a source file's import and export statements, type-only ones included. */
function bareSpecifiersIn(code: string): string[] {
  const withoutComments = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
  return [
    ...withoutComments.matchAll(/\b(?:import|export)\s[^'"]*?\bfrom\s*['"]([^'"./][^'"]*)['"]/g),
    ...withoutComments.matchAll(/\bimport\s*\(\s*['"]([^'"./][^'"]*)['"]\s*\)/g),
  ].map((match) => match[1] as string)
}

/**
 * The packages an entry's code needs, sorted: imported at run time, at once or lazily, or
 * for the types of its declarations.
 *
 * @example await packagesOfEntry('plugins/siwe/index.ts') // ['react', 'viem', ...]
 */
export async function packagesOfEntry(source: string): Promise<string[]> {
  const result = await build({
    entryPoints: [source],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'browser',
    jsx: 'automatic',
    logLevel: 'silent',
    plugins: [packagesExternal],
  })
  const found = new Set<string>()
  for (const output of Object.values(result.metafile.outputs)) {
    for (const imported of output.imports) if (imported.external) found.add(packageOf(imported.path))
  }
  for (const input of Object.keys(result.metafile.inputs)) {
    for (const specifier of bareSpecifiersIn(readFileSync(input, 'utf8')))
      if (!ownEntry.test(specifier)) found.add(packageOf(specifier))
  }
  return [...found].sort()
}
