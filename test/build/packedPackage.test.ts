import { execFile } from 'node:child_process'
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { publint } from 'publint'
import { formatMessage } from 'publint/utils'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const repoRoot = fileURLToPath(new URL('../../', import.meta.url))
const attwBin = join(repoRoot, 'node_modules/@arethetypeswrong/cli/dist/index.js')

/** What is left out of the copy: installed, built or generated, never a build input. */
const notCopied = new Set(['node_modules', 'dist', '.git', '.next'])

/**
 * The package as npm would publish it: the tree copied to a temporary folder (the tests
 * beside this one may rebuild dist/ here), `npm run build` there, then `npm pack`. Built
 * once for the whole file: the build takes a few minutes on a busy machine.
 */
let dir: string
let tarball: string
let packed: Set<string>
let pkg: { name: string; exports: Record<string, string | { types: string; import: string }> }

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'latchkit-pack-'))
  for (const name of readdirSync(repoRoot)) {
    if (notCopied.has(name)) continue
    cpSync(join(repoRoot, name), join(dir, name), {
      recursive: true,
      filter: (source) => !notCopied.has(basename(source)),
    })
  }
  symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir')
  await run('npm', ['run', 'build'], { cwd: dir, maxBuffer: 64 * 1024 * 1024 })
  const { stdout } = await run('npm', ['pack', '--json', '--ignore-scripts'], {
    cwd: dir,
    maxBuffer: 64 * 1024 * 1024,
  })
  const [report] = JSON.parse(stdout) as [{ filename: string; files: { path: string }[] }]
  tarball = join(dir, report.filename)
  packed = new Set(report.files.map((file) => file.path))
  pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
}, 20 * 60_000)

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('the packed package', () => {
  it("ships the declarations and the code every export's conditions name", () => {
    const missing = Object.entries(pkg.exports).flatMap(([subpath, target]) =>
      (typeof target === 'string' ? [target] : [target.types, target.import])
        .map((path) => path.replace(/^\.\//, ''))
        .filter((path) => !packed.has(path))
        .map((path) => `${subpath}: ${path}`),
    )
    expect(missing).toEqual([])
    for (const target of Object.values(pkg.exports)) {
      if (typeof target !== 'string') expect(target.types).toMatch(/\.d\.ts$/)
    }
  })

  it('passes publint (package.json fields against the files shipped)', async () => {
    const { messages } = await publint({
      // The tarball's own root folder: publint reads the files from the tarball, not the disk.
      pkgDir: 'package',
      pack: { tarball: new Uint8Array(readFileSync(tarball)).buffer },
    })
    expect(messages.map((message) => `${message.type}: ${formatMessage(message, pkg)}`)).toEqual([])
  }, 120_000)

  // What attw does not do: type-check the declarations themselves, as a strict consumer on
  // Node's ESM resolution does (skipLibCheck off). Only errors in the package's files and
  // in the consumer's count: the dependencies' own declarations are theirs to keep.
  it("type-checks in a consumer that imports every entry, the package's declarations included", () => {
    const subpaths = Object.keys(pkg.exports).filter((subpath) => subpath !== './package.json')
    const specifier = (subpath: string) => (subpath === '.' ? pkg.name : `${pkg.name}${subpath.slice(1)}`)
    const lines = [
      ...subpaths.map((subpath, i) => `import * as entry${i} from '${specifier(subpath)}'`),
      `export const entries = [${subpaths.map((_, i) => `entry${i}`).join(', ')}]`,
      // Each locale's default export, as `import de from 'latchkit/locales/de'` reads it.
      ...subpaths.flatMap((subpath, i) =>
        subpath.startsWith('./locales/') ? [`export const tag${i}: string = entry${i}.default.tag`] : [],
      ),
    ]
    // Inside the package's folder, so `latchkit` resolves to it by its own name.
    const consumer = join(dir, 'consumer', 'imports.ts')
    mkdirSync(dirname(consumer), { recursive: true })
    writeFileSync(consumer, `${lines.join('\n')}\n`)
    const program = ts.createProgram([consumer], {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: [],
      strict: true,
      noEmit: true,
    })
    const ours = program
      .getSourceFiles()
      .filter((file) => file.fileName === consumer || file.fileName.startsWith(join(dir, 'dist/')))
    expect(ours.length).toBeGreaterThan(subpaths.length)
    const diagnostics = [
      ...program.getOptionsDiagnostics(),
      ...ours.flatMap((file) => [
        ...program.getSyntacticDiagnostics(file),
        ...program.getSemanticDiagnostics(file),
      ]),
    ]
    const host = {
      getCanonicalFileName: (f: string) => f,
      getCurrentDirectory: () => dir,
      getNewLine: () => '\n',
    }
    expect(ts.formatDiagnostics(diagnostics, host)).toBe('')
  }, 300_000)

  // ESM only: node10 resolution (no "exports") and require() from CommonJS are not offered.
  it('passes Are the Types Wrong for ESM consumers (node16 and bundler resolution)', async () => {
    const result = await run(
      process.execPath,
      [attwBin, tarball, '--profile', 'esm-only', '--format', 'ascii', '--no-color', '--no-emoji'],
      {
        cwd: dir,
        maxBuffer: 64 * 1024 * 1024,
      },
    ).then(
      () => 'no problems',
      (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ''}${error.stderr ?? ''}`,
    )
    expect(result).toBe('no problems')
  }, 120_000)
})
