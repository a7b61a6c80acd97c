/**
 * What the send and receive plugins cost a host app, measured the way an integrator's
 * bundler sees it: esbuild from source, code splitting on, minified. A plugin missing from
 * the plugin list must leave 0 bytes; a plugin in it adds its factory to the entry and its
 * views (with the QR encoder for receive) as lazy chunks.
 */
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build, type Metafile } from 'esbuild'
import { beforeAll, describe, expect, it } from 'vitest'
import { latchkitSource } from '../../../bench/sourceAlias'

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))

type Output = {
  path: string
  /** The host app's entry itself (lazy chunks are entry points of their own to esbuild). */
  isEntry: boolean
  /** Loaded at start-up: the entry and every chunk it imports statically, transitively. */
  initial: boolean
  text: string
  inputs: string[]
  /** Minified bytes each input left in this output. */
  inputBytes: Record<string, number>
  bytes: number
  gzip: number
}

/** Builds a host app whose plugin list is `plugins` (factory names of latchkit/plugins/<name>). */
async function buildHost(plugins: Array<'send' | 'receive'>, { importOnly = false } = {}): Promise<Output[]> {
  const imports = plugins.map((name) => `import { ${name} } from 'latchkit/plugins/${name}'`).join('\n')
  const list = importOnly ? '' : plugins.map((name) => `${name}()`).join(', ')
  const contents = `
    import { createKernel } from 'latchkit'
    import { evmAdapter } from 'latchkit/adapters/evm'
    import { LatchProvider, ConnectButton } from 'latchkit/react'
    import { createElement } from 'react'
    ${imports}
    const network = {
      id: 1, name: 'Ethereum', chainNamespace: 'eip155', caipNetworkId: 'eip155:1',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['https://rpc.invalid'] } },
    }
    const kernel = createKernel({ networks: [network], adapters: [evmAdapter()], plugins: [${list}] })
    export const App = () => createElement(LatchProvider, { kernel }, createElement(ConnectButton))
  `
  const result = await build({
    stdin: { contents, resolveDir: repoRoot, sourcefile: 'host-app.ts', loader: 'ts' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    write: false,
    metafile: true,
    outdir: '/virtual-out',
    logLevel: 'silent',
    // Peers are the host's whatever it installs; what matters is what our plugins add.
    external: ['react', 'react-dom', 'react/jsx-runtime', 'viem', '@solana/web3.js'],
    plugins: [latchkitSource()],
  })
  return outputsOf(result.metafile, result.outputFiles)
}

function outputsOf(metafile: Metafile, files: Array<{ path: string; text: string }>): Output[] {
  const keyOf = (file: { path: string }) =>
    Object.keys(metafile.outputs).find((path) =>
      file.path.endsWith(path.replace(/^.*virtual-out/, '')),
    ) as string
  const entryKey = Object.keys(metafile.outputs).find(
    (key) => metafile.outputs[key]!.entryPoint === 'host-app.ts',
  )
  const initial = new Set<string>()
  const visit = (key: string) => {
    if (initial.has(key)) return
    initial.add(key)
    for (const next of metafile.outputs[key]?.imports ?? []) {
      if (next.kind === 'import-statement' && metafile.outputs[next.path]) visit(next.path)
    }
  }
  if (entryKey) visit(entryKey)
  return files.map((file) => {
    const key = keyOf(file)
    return {
      path: key,
      isEntry: key === entryKey,
      initial: initial.has(key),
      text: file.text,
      inputs: Object.entries(metafile.outputs[key]!.inputs)
        .filter(([, input]) => input.bytesInOutput > 0)
        .map(([path]) => path),
      inputBytes: Object.fromEntries(
        Object.entries(metafile.outputs[key]!.inputs).map(([path, input]) => [path, input.bytesInOutput]),
      ),
      bytes: file.text.length,
      gzip: gzipSync(file.text).length,
    }
  })
}

const fromSend = (path: string) => path.includes('plugins/send/')
const fromReceive = (path: string) => path.includes('plugins/receive/') || /node_modules\/qr\//.test(path)
const sizeOf = (outputs: Output[]) => outputs.reduce((sum, o) => sum + o.bytes, 0)
const initialInputs = (outputs: Output[]) => outputs.filter((o) => o.initial).flatMap((o) => o.inputs)

let bare: Output[]
beforeAll(async () => {
  bare = await buildHost([])
}, 60_000)

describe('bundle: send and receive plugins', () => {
  it('a host without them contains none of their code, even when it imports them unused', async () => {
    const importedOnly = await buildHost(['send', 'receive'], { importOnly: true })
    for (const outputs of [bare, importedOnly]) {
      const inputs = outputs.flatMap((o) => o.inputs)
      expect(inputs.filter((path) => fromSend(path) || fromReceive(path))).toEqual([])
      expect(
        outputs.some((o) => o.text.includes('send.previewTitle') || o.text.includes('receive.qrLabel')),
      ).toBe(false)
    }
    expect(sizeOf(importedOnly)).toBe(sizeOf(bare))
  })

  it('send adds its factory and state shape at start-up, its views and their logic as lazy chunks', async () => {
    const outputs = await buildHost(['send'])
    expect(initialInputs(outputs).filter(fromSend).sort()).toEqual([
      'plugins/send/ids.ts',
      'plugins/send/send.ts',
      'plugins/send/state.ts',
      'plugins/send/strings.ts',
    ])
    const lazy = outputs.filter((o) => !o.initial && o.inputs.some(fromSend))
    for (const view of ['SendView.tsx', 'SendPreviewView.tsx']) {
      expect(
        lazy.some((o) => o.inputs.some((path) => path.endsWith(view))),
        view,
      ).toBe(true)
    }
    expect(outputs.flatMap((o) => o.inputs).filter(fromReceive)).toEqual([])
    report('send', outputs, fromSend)
  })

  it('receive adds its factory at start-up, its view with the QR encoder as a lazy chunk', async () => {
    const outputs = await buildHost(['receive'])
    expect(initialInputs(outputs).filter(fromReceive).sort()).toEqual([
      'plugins/receive/ids.ts',
      'plugins/receive/receive.ts',
      'plugins/receive/strings.ts',
    ])
    const lazy = outputs.filter((o) => !o.initial && o.inputs.some(fromReceive))
    expect(lazy.some((o) => o.inputs.some((path) => path.endsWith('ReceiveView.tsx')))).toBe(true)
    expect(lazy.some((o) => o.inputs.some((path) => /node_modules\/qr\//.test(path)))).toBe(true)
    expect(outputs.flatMap((o) => o.inputs).filter(fromSend)).toEqual([])
    report('receive', outputs, fromReceive)
  })
})

/**
 * Prints what each plugin costs, for the record (budgets live in bench/, not here): its
 * own bytes in the initial load, how much the initial load grew in all (kernel code its
 * views use can be placed there by esbuild's chunking), and its lazy chunks.
 */
function report(name: string, outputs: Output[], own: (path: string) => boolean) {
  const initial = outputs.filter((o) => o.initial)
  const ownInitial = initial.reduce(
    (sum, o) =>
      sum + Object.entries(o.inputBytes).reduce((n, [path, bytes]) => n + (own(path) ? bytes : 0), 0),
    0,
  )
  const growth = sizeOf(initial) - sizeOf(bare.filter((o) => o.initial))
  const lazy = outputs.filter((o) => !o.initial && o.inputs.some(own))
  const chunks = lazy.map((o) => `${o.path.split('/').at(-1)} ${o.bytes} B (${o.gzip} B gzip)`).join(', ')
  console.info(`[bundle] ${name}: initial ${ownInitial} B own, +${growth} B in all (min); lazy: ${chunks}`)
}
