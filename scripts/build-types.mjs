#!/usr/bin/env node
// The package's type declarations in one TypeScript pass (run by `npm run build` after
// tsup). Bundling them per entry, as tsup's `dts` did, took 8.6 GB and 57 minutes on a
// busy 2-core machine; one program over every entry takes 0.5 GB and 30 to 80 seconds.
//
// 1. The entries of entries.mjs are the roots of one program (tsconfig.types.json: the
//    browser code's options); its declarations go to dist/types in the source tree's shape.
// 2. Relative specifiers in them get the file they name (`./store` -> `./store.js`,
//    `./views` -> `./views/index.js`): the sources leave extensions out, which a bundler
//    accepts and Node's ESM resolution (TypeScript's `node16`/`nodenext`) does not.
// 3. dist/<entry>/index.d.ts, the path package.json "exports" names for each entry,
//    re-exports that entry's declarations.
// Fails, printing them, on any error of the program or of declaration emit.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { entries } from '../entries.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const dist = join(root, 'dist')
const started = performance.now()

const config = ts.getParsedCommandLineOfConfigFile(
  join(root, 'tsconfig.types.json'),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => fail([diagnostic]),
  },
)
// TS18003 (no inputs): the roots come from entries.mjs, not from the config's "include".
const configErrors = config.errors.filter((diagnostic) => diagnostic.code !== 18003)
if (configErrors.length > 0) fail(configErrors)

const sourceOf = (name) => join(root, entries[name].source)
const program = ts.createProgram(Object.keys(entries).map(sourceOf), config.options)
const preEmit = ts.getPreEmitDiagnostics(program)
if (preEmit.length > 0) fail(preEmit)

/** Emitted declarations, by absolute path, held until every specifier in them is settled. */
const emitted = new Map()
const result = program.emit(undefined, (path, text) => emitted.set(resolve(path), text), undefined, true)
if (result.diagnostics.length > 0) fail(result.diagnostics)

const unresolved = []
for (const [path, text] of emitted) emitted.set(path, withFileSpecifiers(path, text, unresolved))
if (unresolved.length > 0) {
  console.error(`build-types: relative imports that name no emitted declaration:\n${unresolved.join('\n')}`)
  process.exit(1)
}

rmSync(config.options.outDir, { recursive: true, force: true })
for (const [path, text] of emitted) {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, text)
}
for (const name of Object.keys(entries)) {
  const target = declarationOf(sourceOf(name))
  const stub = join(dist, name, 'index.d.ts')
  let specifier = relative(dirname(stub), target)
    .split('\\')
    .join('/')
    .replace(/\.d\.ts$/, '.js')
  if (!specifier.startsWith('.')) specifier = `./${specifier}`
  const lines = [`export * from '${specifier}'`]
  // `export *` leaves the default export behind (the locales have one).
  if (/^export default |^export \{[^}]*\bdefault\b[^}]*\}/m.test(emitted.get(target) ?? '')) {
    lines.push(`export { default } from '${specifier}'`)
  }
  mkdirSync(dirname(stub), { recursive: true })
  writeFileSync(stub, `${lines.join('\n')}\n`)
}
const seconds = ((performance.now() - started) / 1000).toFixed(1)
console.log(
  `types: ${emitted.size} declaration files in ${relative(root, config.options.outDir)}, ${Object.keys(entries).length} entries, ${seconds} s`,
)

/** Where the declarations of a source file are written. */
function declarationOf(source) {
  const rel = relative(config.options.rootDir, source).replace(/\.tsx?$/, '.d.ts')
  return resolve(config.options.outDir, rel)
}

/**
 * `text` with each relative module specifier naming its file. The specifiers come from
 * TypeScript's own scanner (imports, re-exports and `import("...")` types; not comments,
 * where doc examples show imports too).
 */
function withFileSpecifiers(path, text, unresolved) {
  const { importedFiles } = ts.preProcessFile(text, true, true)
  let out = text
  // From the last to the first, so earlier positions stay valid.
  for (const { fileName, pos } of [...importedFiles].sort((a, b) => b.pos - a.pos)) {
    if (!fileName.startsWith('.')) continue
    // `pos` is the string literal's opening quote; the specifier follows it.
    const start = pos + 1
    if (text.slice(start, start + fileName.length) !== fileName)
      throw new Error(`${path}: no '${fileName}' at ${pos}`)
    const named = fileSpecifier(path, fileName)
    if (named === undefined) unresolved.push(`  ${relative(root, path)}: '${fileName}'`)
    else out = out.slice(0, start) + named + out.slice(start + fileName.length)
  }
  return out
}

/** `./x` as `./x.js` or `./x/index.js`, whichever declaration was emitted; undefined if neither. */
function fileSpecifier(from, specifier) {
  const base = specifier.replace(/\.(js|ts|tsx)$/, '')
  const target = resolve(dirname(from), base)
  if (emitted.has(`${target}.d.ts`)) return `${base}.js`
  if (emitted.has(join(target, 'index.d.ts'))) return `${base}/index.js`
  return undefined
}

function fail(diagnostics) {
  const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' }
  console.error(ts.formatDiagnosticsWithColorAndContext(diagnostics, host))
  console.error(`build-types: ${diagnostics.length} error(s)`)
  process.exit(1)
}
