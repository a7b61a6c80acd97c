import { rmSync } from 'node:fs'
import type { Metafile } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Bundle, bundleApp } from '../../bench/bundle'
import { chunkSizes, initialChunks } from '../../bench/chunkSizes'
import { appsDir, repoRoot } from '../../bench/paths'
import { benchPlugins } from '../../bench/pluginModule'
import { latchkitSource } from '../../bench/sourceAlias'
import {
  buildLatchkitWithWalletConnect,
  exclusiveTo,
  isWalletConnectModule,
  isWalletConnectPackage,
  WALLETCONNECT_INITIAL_CEILING,
  walletConnectModulesIn,
  walletConnectShare,
} from '../../bench/walletConnectCost'

// Sizes only, which are deterministic; the bench reports the timings and the peers.
describe('what the walletconnect plugin costs (bench/walletConnectCost.ts)', () => {
  const builds: Bundle[] = []
  let minimal: Bundle
  let withoutPlugins: Bundle
  let withWalletConnect: Bundle
  beforeAll(async () => {
    minimal = await bundleApp(`${appsDir}/latchkit-minimal.tsx`, [latchkitSource()])
    builds.push(minimal)
    withoutPlugins = await bundleApp(`${appsDir}/latchkit-full.tsx`, [
      latchkitSource(),
      benchPlugins(repoRoot, []),
    ])
    builds.push(withoutPlugins)
    withWalletConnect = await buildLatchkitWithWalletConnect()
    builds.push(withWalletConnect)
  })
  afterAll(() => {
    for (const build of builds) rmSync(build.outdir, { recursive: true, force: true })
  })

  it('leaves every @walletconnect module out of an app that does not list it', () => {
    expect(walletConnectModulesIn(minimal.metafile)).toEqual([])
    expect(walletConnectModulesIn(withoutPlugins.metafile)).toEqual([])
  })

  it('keeps the SDK out of the initial chunks and in the build, to load on the first pairing', () => {
    const { metafile, entry } = withWalletConnect
    const initialInputs = initialChunks(metafile, entry).flatMap((output) =>
      Object.entries(metafile.outputs[output]?.inputs ?? {})
        .filter(([, input]) => input.bytesInOutput > 0)
        .map(([path]) => path),
    )
    expect(initialInputs.filter(isWalletConnectPackage)).toEqual([])
    const sdk = walletConnectShare(withWalletConnect, isWalletConnectPackage)
    expect(sdk.initial).toEqual({ raw: 0, gzip: 0 })
    expect(sdk.total.raw).toBeGreaterThan(100_000)
  })

  it(`adds at most ${WALLETCONNECT_INITIAL_CEILING / 1000} KB gzip to the initial chunks`, () => {
    const base = chunkSizes(withoutPlugins.metafile, withoutPlugins.entry, withoutPlugins.workingDir)
    const plugin = chunkSizes(
      withWalletConnect.metafile,
      withWalletConnect.entry,
      withWalletConnect.workingDir,
    )
    expect(plugin.initial.gzip - base.initial.gzip).toBeLessThanOrEqual(WALLETCONNECT_INITIAL_CEILING)
  })
})

describe('telling WalletConnect modules apart', () => {
  it('names the SDK packages and the modules of the kits named for it, not the rest', () => {
    const peers = 'bench/peers/node_modules'
    expect(isWalletConnectModule(`${peers}/@walletconnect/core/dist/index.es.js`)).toBe(true)
    expect(isWalletConnectModule(`${peers}/@wagmi/connectors/dist/esm/walletConnect.js`)).toBe(true)
    expect(isWalletConnectModule(`${peers}/@reown/appkit/dist/esm/src/universal-adapter/client.js`)).toBe(
      true,
    )
    expect(
      isWalletConnectModule(
        `${peers}/@reown/appkit-scaffold-ui/dist/esm/src/partials/w3m-connecting-wc-qrcode/index.js`,
      ),
    ).toBe(true)
    // RainbowKit's folder of every wallet and a wallet called Universal Profiles are not it.
    expect(
      isWalletConnectModule(`${peers}/@rainbow-me/rainbowkit/dist/wallets/walletConnectors/chunk-A.js`),
    ).toBe(false)
    expect(isWalletConnectModule(`${peers}/@rainbow-me/rainbowkit/dist/universalProfilesWallet-B.js`)).toBe(
      false,
    )
    expect(isWalletConnectModule('plugins/walletconnect/walletConnect.ts')).toBe(false)
  })

  it('counts what only the seeds import, not a module the app reaches another way', () => {
    const input = (...imports: string[]) => ({
      bytes: 1,
      imports: imports.map((path) => ({ path, kind: 'import-statement' as const })),
    })
    const metafile = {
      inputs: {
        'app.ts': input('shared.js', 'node_modules/@walletconnect/core/index.js'),
        'node_modules/@walletconnect/core/index.js': input('shared.js', 'only-sdk.js'),
        'shared.js': input(),
        'only-sdk.js': input(),
      },
      outputs: {},
    } as Metafile
    expect([...exclusiveTo(metafile, 'app.ts', isWalletConnectPackage)].sort()).toEqual([
      'node_modules/@walletconnect/core/index.js',
      'only-sdk.js',
    ])
  })
})
