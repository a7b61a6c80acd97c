#!/usr/bin/env node
/**
 * Which files a page should name in `<link rel="modulepreload">`, read from a build's
 * esbuild metafile or Vite manifest.
 *
 * Why: a browser learns of the chunks an entry imports only once it has fetched and parsed
 * the entry, and of the chunks a lazy module imports only once something calls `import()`
 * and that module has been parsed. Listed in the page, they are fetched in parallel with
 * the entry instead, and evaluated only when the code asks for them. The list is the
 * start-up chunks (what the entry imports statically, transitively, without the entry
 * itself) and, for each lazy module named (by default Latchkit's modal: the dialog and
 * the views of the first open, and the plugins' parts of the Connect view that the
 * provider preloads with it), that module's chunk and what it imports statically.
 *
 * Plain ESM without dependencies, so it runs in any build script:
 *
 * @example
 * // esbuild: build({ ..., metafile: true, splitting: true, format: 'esm' })
 * const files = preloadFromMetafile(result.metafile, { entry: 'src/main.tsx' })
 * const links = modulepreloadLinks(files, '/assets/')
 *
 * // Vite: build.manifest = true, then read dist/.vite/manifest.json
 * const files = preloadFromViteManifest(manifest, { entry: 'index.html' })
 *
 * // Command line: prints the <link> tags
 * // node scripts/modulepreload.mjs meta.json --entry src/main.tsx --base /assets/
 */
import { readFileSync } from 'node:fs'
import { dirname, relative } from 'node:path'

/**
 * Latchkit's modal module: `src/react/views/firstOpen.ts` in a build from source, and its
 * chunk `firstOpen-<hash>.js` in the published package, wherever node_modules is.
 */
export const latchkitModal =
  /(?:^|\/)(?:src\/react\/views\/firstOpen\.tsx?|latchkit\/dist\/firstOpen-[\w-]+\.js)$/

/**
 * The plugins' parts of the Connect view, which `<LatchProvider>` preloads with the modal
 * (the `preloadable` components of the connectMethods and connectorTypes slots: the email,
 * social, Farcaster and WalletConnect entries, the email field, the wallets plugin's rows),
 * in a build from source and in the published package. A build without these plugins has
 * none of them, so it lists nothing more.
 */
export const latchkitConnectParts =
  /(?:^|\/)(?:plugins\/[\w-]+\/(?:views\/)?(?:\w+Entry|EmailField|ConnectRows)\.tsx?|latchkit\/dist\/(?:\w+Entry|EmailField|ConnectRows)-[\w-]+\.js)$/

/** `path` and every file it imports statically, transitively, in breadth-first order. */
function staticClosure(start, importsOf) {
  const seen = new Set([start])
  const queue = [start]
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const imported of importsOf(next)) {
      if (!seen.has(imported)) {
        seen.add(imported)
        queue.push(imported)
      }
    }
  }
  return [...seen]
}

const toPosix = (path) => path.split('\\').join('/')

/**
 * From an esbuild metafile (`metafile: true`, ESM with `splitting`). `entry` is the entry
 * point as given to esbuild or the output path of its chunk. Paths come back relative to
 * the entry's output folder (`chunks/chunk-X.js`), start-up chunks first.
 *
 * @param {import('esbuild').Metafile} metafile
 * @param {{ entry: string, lazy?: RegExp[] }} options
 * @returns {{ startup: string[], lazy: string[] }}
 *
 * @example
 * preloadFromMetafile(metafile, { entry: 'src/main.tsx' })
 * // { startup: ['chunks/chunk-KERNEL.js', ...], lazy: ['firstOpen-HASH.js', 'chunks/chunk-VIEWS.js'] }
 */
export function preloadFromMetafile(metafile, { entry, lazy = [latchkitModal, latchkitConnectParts] }) {
  const outputs = Object.entries(metafile.outputs).filter(([path]) => path.endsWith('.js'))
  const wanted = toPosix(entry).replace(/^\.\//, '')
  const found = outputs.find(
    ([path, output]) => toPosix(path) === wanted || toPosix(output.entryPoint ?? '') === wanted,
  )
  if (!found) throw new Error(`modulepreload: no output for the entry "${entry}" in the metafile`)
  const [entryPath] = found
  const importsOf = (path) =>
    (metafile.outputs[path]?.imports ?? [])
      .filter((imported) => imported.kind === 'import-statement' && !imported.external)
      .map((imported) => imported.path)
  const startup = staticClosure(entryPath, importsOf)
  const lazyFiles = outputs
    .filter(([, output]) => lazy.some((pattern) => pattern.test(toPosix(output.entryPoint ?? ''))))
    .flatMap(([path]) => staticClosure(path, importsOf))
  const base = dirname(entryPath)
  const name = (path) => toPosix(relative(base, path))
  const startupNames = startup.slice(1).map(name)
  const lazyNames = [...new Set(lazyFiles.filter((path) => !startup.includes(path)).map(name))]
  return { startup: startupNames, lazy: lazyNames }
}

/**
 * From a Vite manifest (`build.manifest: true`). `entry` is a manifest key (`index.html`,
 * `src/main.tsx`). Vite already preloads the entry's static imports in the HTML it writes;
 * what it leaves out is the lazy part, which it preloads only once `import()` runs.
 * Paths are the manifest's `file`s, relative to the build's output folder.
 *
 * @param {Record<string, { file: string, src?: string, imports?: string[] }>} manifest
 * @param {{ entry: string, lazy?: RegExp[] }} options
 * @returns {{ startup: string[], lazy: string[] }}
 *
 * @example
 * preloadFromViteManifest(manifest, { entry: 'index.html' }).lazy // ['assets/firstOpen-HASH.js', ...]
 */
export function preloadFromViteManifest(manifest, { entry, lazy = [latchkitModal, latchkitConnectParts] }) {
  if (!manifest[entry]) throw new Error(`modulepreload: no manifest entry "${entry}"`)
  const importsOf = (key) => manifest[key]?.imports ?? []
  const file = (key) => manifest[key]?.file ?? key
  const startup = staticClosure(entry, importsOf)
  const lazyKeys = Object.entries(manifest)
    .filter(([key, chunk]) => lazy.some((pattern) => pattern.test(toPosix(chunk.src ?? key))))
    .flatMap(([key]) => staticClosure(key, importsOf))
  return {
    startup: startup.slice(1).map(file),
    lazy: [...new Set(lazyKeys.filter((key) => !startup.includes(key)).map(file))],
  }
}

/**
 * The `<link rel="modulepreload">` tags for a list, start-up chunks first (a browser
 * fetches them in the order given).
 *
 * @param {{ startup: string[], lazy: string[] }} files
 * @param {string} [base] the URL path the files are served under
 * @returns {string}
 *
 * @example
 * modulepreloadLinks({ startup: ['chunks/a.js'], lazy: [] }, '/') // '<link rel="modulepreload" href="/chunks/a.js">'
 */
export function modulepreloadLinks(files, base = '/') {
  const prefix = base.endsWith('/') ? base : `${base}/`
  return [...files.startup, ...files.lazy]
    .map((file) => `<link rel="modulepreload" href="${prefix}${file}">`)
    .join('')
}

function option(args, name) {
  const index = args.indexOf(`--${name}`)
  return index === -1 ? undefined : args[index + 1]
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const [file, ...args] = process.argv.slice(2)
  const entry = option(args, 'entry')
  if (!file || !entry) {
    console.error(
      'usage: node scripts/modulepreload.mjs <esbuild metafile.json | vite manifest.json> --entry <entry> [--base /] [--lazy <regexp>]',
    )
    process.exit(2)
  }
  const json = JSON.parse(readFileSync(file, 'utf8'))
  const lazyOption = option(args, 'lazy')
  const lazy = [latchkitModal, latchkitConnectParts, ...(lazyOption ? [new RegExp(lazyOption)] : [])]
  const files = json.outputs
    ? preloadFromMetafile(json, { entry, lazy })
    : preloadFromViteManifest(json, { entry, lazy })
  console.log(modulepreloadLinks(files, option(args, 'base') ?? '/'))
}
