import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { sourceFiles } from './importGraph'

const root = fileURLToPath(new URL('../../', import.meta.url))

function parsedConfig(name: string): ts.ParsedCommandLine {
  const config = ts.getParsedCommandLineOfConfigFile(
    `${root}${name}`,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'))
      },
    },
  )
  if (!config) throw new Error(`${name} did not parse`)
  return config
}

/**
 * What tsc says about one source file that is not on disk, type-checked under a config's
 * options as if it sat at `path` in the tree.
 */
function diagnosticsOf(configName: string, path: string, text: string): string[] {
  const { options } = parsedConfig(configName)
  const file = `${root}${path}`
  const host = ts.createCompilerHost(options)
  const { fileExists, readFile, getSourceFile } = host
  host.fileExists = (name) => name === file || fileExists.call(host, name)
  host.readFile = (name) => (name === file ? text : readFile.call(host, name))
  host.getSourceFile = (name, language, ...rest) =>
    name === file
      ? ts.createSourceFile(name, text, language)
      : getSourceFile.call(host, name, language, ...rest)
  const program = ts.createProgram([file], options, host)
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(file))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
}

const relativeTo = (files: readonly string[]) => new Set(files.map((f) => f.replace(root, '')))

// Browser code and Node code are type-checked apart (scripts/typecheck.mjs), each with the
// globals it has at run time: `process` in a widget module, or `document` in a service,
// type-checks under a config that has both and then throws in production.
describe('type boundaries', () => {
  it('every source file of the widget and the services is in exactly one of the two configs', () => {
    const widget = relativeTo(parsedConfig('tsconfig.widget.json').fileNames)
    const server = relativeTo(parsedConfig('tsconfig.server.json').fileNames)
    const sources = relativeTo(sourceFiles(root, ['src', 'adapters', 'plugins', 'locales', 'server']))
    expect([...sources].filter((f) => widget.has(f) === server.has(f))).toEqual([])
    expect(widget.has('src/kernel/index.ts')).toBe(true)
    expect(widget.has('server/embedded-wallet/frame/main.ts')).toBe(true)
    expect(server.has('server/cli.ts')).toBe(true)
    expect(server.has('server/embedded-wallet/frame/assets.ts')).toBe(true)
  })

  it("widget code has the DOM and not Node's globals, even where a library references Node's types", () => {
    // @solana/kit's declarations reach undici-types, which references the Node types.
    const messages = diagnosticsOf(
      'tsconfig.widget.json',
      'src/typeBoundaryProbe.ts',
      [
        "import { createSolanaRpc } from '@solana/kit'",
        "export const rpc = createSolanaRpc('http://127.0.0.1:8899')",
        'export const page = document.title + window.location.href',
        'export const env = process.env.NODE_ENV',
        "export const bytes = Buffer.from('x')",
      ].join('\n'),
    )
    expect(messages).toEqual([
      expect.stringContaining("Cannot find name 'process'"),
      expect.stringContaining("Cannot find name 'Buffer'"),
    ])
  }, 120_000)

  it("server code has Node's globals and not the DOM", () => {
    const messages = diagnosticsOf(
      'tsconfig.server.json',
      'server/typeBoundaryProbe.ts',
      [
        "import { readFileSync } from 'node:fs'",
        "export const env = process.env.NODE_ENV + readFileSync('x', 'utf8')",
        "export const answer = fetch('http://127.0.0.1/').then((r: Response) => r.status)",
        'export const page = document.title',
        'export const here = window.location.href',
      ].join('\n'),
    )
    expect(messages).toEqual([
      expect.stringContaining("Cannot find name 'document'"),
      expect.stringContaining("Cannot find name 'window'"),
    ])
  }, 120_000)
})
