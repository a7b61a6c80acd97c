import { type ChildProcess, execFile, spawn } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { publint } from 'publint'
import { formatMessage } from 'publint/utils'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Packed, packedPackages } from '../support/packedPackages'

const run = promisify(execFile)
const repoRoot = fileURLToPath(new URL('../../', import.meta.url))
const attwBin = join(repoRoot, 'node_modules/@arethetypeswrong/cli/dist/index.js')

/** What the widget never depends on: the services' databases, mail, login, HTTP and WebSocket servers. */
const SERVER_PACKAGES = [
  '@electric-sql/pglite',
  'pg',
  'nodemailer',
  'openid-client',
  'hono',
  '@hono/node-server',
  'ws',
  '@farcaster/auth-client',
]

/**
 * Both packages as npm would publish them (test/support/packedPackages.ts): built once per
 * source tree, which takes a few minutes on a busy machine, and shared with the install test.
 */
let dir: string
let widget: Packed
let server: Packed
/** What this file writes (a consumer, an install) goes here, never into the shared build. */
let scratch: string

beforeAll(async () => {
  ;({ dir, widget, server } = await packedPackages())
  scratch = mkdtempSync(join(dir, 'scratch-'))
}, 30 * 60_000)

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

/** publint's messages for a packed tarball, as lines. */
async function publintMessages({ tarball, pkg }: Packed): Promise<string[]> {
  const { messages } = await publint({
    // The tarball's own root folder: publint reads the files from the tarball, not the disk.
    pkgDir: 'package',
    pack: { tarball: new Uint8Array(readFileSync(tarball)).buffer },
  })
  return messages.map((message) => `${message.type}: ${formatMessage(message, pkg)}`)
}

/** Are the Types Wrong's verdict on a packed tarball ('no problems' or its report). */
async function attw(tarball: string, ...options: string[]): Promise<string> {
  return run(
    process.execPath,
    [attwBin, tarball, '--profile', 'esm-only', '--format', 'ascii', '--no-color', '--no-emoji', ...options],
    { cwd: dir, maxBuffer: 64 * 1024 * 1024 },
  ).then(
    () => 'no problems',
    (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ''}${error.stderr ?? ''}`,
  )
}

describe('the packed latchkit package', () => {
  it("ships the declarations and the code every export's conditions name", () => {
    const missing = Object.entries(widget.pkg.exports).flatMap(([subpath, target]) =>
      (typeof target === 'string' ? [target] : [target.types, target.import])
        .map((path) => path.replace(/^\.\//, ''))
        .filter((path) => !widget.files.has(path))
        .map((path) => `${subpath}: ${path}`),
    )
    expect(missing).toEqual([])
    for (const target of Object.values(widget.pkg.exports)) {
      if (typeof target !== 'string') expect(target.types).toMatch(/\.d\.ts$/)
    }
  })

  it('passes publint (package.json fields against the files shipped)', async () => {
    expect(await publintMessages(widget)).toEqual([])
  }, 120_000)

  it("depends on no server package and has no command: those are latchkit-server's", () => {
    const declared = [
      widget.pkg.dependencies,
      widget.pkg.peerDependencies,
      widget.pkg.optionalDependencies,
    ].flatMap((map) => Object.keys(map ?? {}))
    expect(declared.filter((name) => SERVER_PACKAGES.includes(name))).toEqual([])
    expect(widget.pkg.bin).toBeUndefined()
    expect(
      [...widget.files].filter((path) => path.startsWith('dist/server/') || path.startsWith('server/')),
    ).toEqual([])
  })

  // What attw does not do: type-check the declarations themselves, as a strict consumer on
  // Node's ESM resolution does (skipLibCheck off). Only errors in the package's files and
  // in the consumer's count: the dependencies' own declarations are theirs to keep.
  it("type-checks in a consumer that imports every entry, the package's declarations included", () => {
    const subpaths = Object.keys(widget.pkg.exports).filter((subpath) => subpath !== './package.json')
    const specifier = (subpath: string) =>
      subpath === '.' ? widget.pkg.name : `${widget.pkg.name}${subpath.slice(1)}`
    const lines = [
      ...subpaths.map((subpath, i) => `import * as entry${i} from '${specifier(subpath)}'`),
      `export const entries = [${subpaths.map((_, i) => `entry${i}`).join(', ')}]`,
      // Each locale's default export, as `import de from 'latchkit/locales/de'` reads it.
      ...subpaths.flatMap((subpath, i) =>
        subpath.startsWith('./locales/') ? [`export const tag${i}: string = entry${i}.default.tag`] : [],
      ),
    ]
    // Inside the package's folder, so `latchkit` resolves to it by its own name.
    const consumer = join(scratch, 'consumer', 'imports.ts')
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
    expect(await attw(widget.tarball)).toBe('no problems')
  }, 120_000)
})

describe('the packed latchkit-server package', () => {
  it('ships its two commands, the prebuilt frame page, the database worker, the EVM indexer app and its docs', () => {
    const bins = Object.values(server.pkg.bin ?? {}).map((path) => path.replace(/^\.\//, ''))
    expect(Object.keys(server.pkg.bin ?? {}).sort()).toEqual(['latchkit-frame-service', 'latchkit-server'])
    const shipped = [
      ...bins,
      'dist/pgliteWorker.js',
      'dist/embedded-wallet/frame/frame.js',
      // The EVM indexer: a Ponder app, which Ponder builds from its TypeScript at start.
      'dist/evm-indexer/ponder.config.ts',
      'dist/evm-indexer/ponder.schema.ts',
      'dist/evm-indexer/src/index.ts',
      'docs/server.md',
      'docs/server-config.md',
      'docs/deploying.md',
      'README.md',
    ]
    expect(shipped.filter((path) => !server.files.has(path))).toEqual([])
    for (const bin of bins)
      expect(readFileSync(join(dir, 'server', bin), 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/)
    // Its code only: no TypeScript source (but the Ponder app's) and nothing of the widget.
    expect(
      [...server.files].filter(
        (path) => /\.tsx?$/.test(path) && !path.endsWith('.d.ts') && !path.startsWith('dist/evm-indexer/'),
      ),
    ).toEqual([])
  })

  it('passes publint (package.json fields against the files shipped)', async () => {
    expect(await publintMessages(server)).toEqual([])
  }, 120_000)

  // A command, not a library: its one export is package.json, so there are no types to get wrong.
  it('passes Are the Types Wrong (nothing but package.json exported)', async () => {
    expect(server.pkg.exports).toEqual({ './package.json': './package.json' })
    expect(await attw(server.tarball)).toBe('no problems')
  }, 120_000)

  /**
   * The tarball unpacked as node_modules/latchkit-server in an empty project beside its
   * declared dependencies only (linked from this repository's install): a package it
   * imports without declaring it is not found there, as on an integrator's server.
   */
  it('installed with only its declared dependencies, starts every service from a config file', async () => {
    const project = join(scratch, 'server-install')
    const nodeModules = join(project, 'node_modules')
    mkdirSync(nodeModules, { recursive: true })
    await run('tar', ['-xzf', server.tarball, '-C', nodeModules])
    const installed = join(nodeModules, 'latchkit-server')
    rmSync(installed, { recursive: true, force: true })
    cpSync(join(nodeModules, 'package'), installed, { recursive: true })
    rmSync(join(nodeModules, 'package'), { recursive: true, force: true })
    for (const name of Object.keys(server.pkg.dependencies ?? {})) {
      mkdirSync(dirname(join(nodeModules, name)), { recursive: true })
      symlinkSync(join(repoRoot, 'node_modules', name), join(nodeModules, name), 'dir')
    }
    const app = 'http://127.0.0.1:5173'
    const config = join(project, 'latchkit.config.json')
    writeFileSync(
      config,
      JSON.stringify({
        port: 0,
        chains: [{ chainId: 1, rpcUrl: 'http://127.0.0.1:1' }],
        siweOrigins: [app],
        analytics: true,
        relay: true,
        frame: {
          port: 0,
          projects: { app: { allowedOrigins: [app] } },
          smtp: { url: 'smtp://127.0.0.1:2525', from: 'login@app.example' },
          shareKey: { env: 'TEST_SHARE_KEY' },
        },
      }),
    )
    const bin = (name: string) => join(installed, server.pkg.bin?.[name] ?? '')
    const help = await run(process.execPath, [bin('latchkit-frame-service'), '--help'], { cwd: project })
    expect(help.stdout).toMatch(/latchkit-frame-service/)

    const child = spawn(process.execPath, [bin('latchkit-server'), '--config', config], {
      cwd: project,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        DATABASE_URL: '',
        PORT: '',
        TEST_SHARE_KEY: Buffer.alloc(32, 7).toString('base64'),
      },
    })
    try {
      const lines = await linesUntil(child, (line) => line.msg === 'ready')
      const url = String(lines.at(-1)?.url)
      expect(await (await fetch(`${url}/readyz`)).json()).toMatchObject({ ready: true })
      const frame = lines.find((line) => line.msg === 'up' && line.service === 'frame')
      const frameUrl = /at (http:\/\/\S+)$/.exec(String(frame?.detail))?.[1]
      const script = await fetch(`${frameUrl}/frame/frame.js`)
      expect(script.status).toBe(200)
      // The prebuilt page, read from the package: esbuild, which would bundle it, is not there.
      expect((await script.text()).length).toBeGreaterThan(10_000)
      expect(existsSync(join(nodeModules, 'esbuild'))).toBe(false)
      // The embedded database's template is cached in the package's own node_modules.
      expect(statSync(join(installed, 'node_modules/.cache/latchkit')).isDirectory()).toBe(true)
    } finally {
      child.kill('SIGTERM')
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)))
    }
  }, 300_000)
})

type LogLine = { msg?: string; [field: string]: unknown }

/**
 * The server's JSON lines up to the first one `last` accepts; rejects with its whole output
 * if it exits first or has not got there within 4 minutes (its start, a PGlite's first,
 * took up to 25 s on a busy 2-core machine).
 */
function linesUntil(child: ChildProcess, last: (line: LogLine) => boolean): Promise<LogLine[]> {
  let output = ''
  const lines: LogLine[] = []
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`latchkit-server: no ready line in 4 minutes:\n${output}`)),
      240_000,
    )
    const fail = () => {
      clearTimeout(timer)
      reject(new Error(`latchkit-server exited (${child.exitCode}) before it was ready:\n${output}`))
    }
    child.once('exit', fail)
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    let pending = ''
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk
      pending += chunk
      const complete = pending.split('\n')
      pending = complete.pop() ?? ''
      for (const text of complete.filter((line) => line.startsWith('{'))) {
        const line = JSON.parse(text) as LogLine
        lines.push(line)
        if (last(line)) {
          clearTimeout(timer)
          child.off('exit', fail)
          resolve(lines)
        }
      }
    })
  })
}
