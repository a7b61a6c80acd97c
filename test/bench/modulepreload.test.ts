import { rmSync } from 'node:fs'
import { relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Bundle, bundleApp } from '../../bench/bundle'
import { initialChunks } from '../../bench/chunkSizes'
import { appsDir, repoRoot } from '../../bench/paths'
import { benchPlugins } from '../../bench/pluginModule'
import { latchkitSource } from '../../bench/sourceAlias'
import {
  latchkitConnectParts,
  latchkitModal,
  modulepreloadLinks,
  preloadFromMetafile,
  preloadFromViteManifest,
} from '../../scripts/modulepreload.mjs'

describe('scripts/modulepreload.mjs', () => {
  let bundle: Bundle
  beforeAll(async () => {
    bundle = await bundleApp(`${appsDir}/latchkit-minimal.tsx`, [latchkitSource()])
  })
  afterAll(() => rmSync(bundle.outdir, { recursive: true, force: true }))

  const name = (output: string) => relative(bundle.outdir, `${bundle.workingDir}/${output}`)

  it('lists the start-up chunks of an esbuild build, then the modal module and what it imports', () => {
    const files = preloadFromMetafile(bundle.metafile, { entry: 'bench/apps/latchkit-minimal.tsx' })
    const startup = initialChunks(bundle.metafile, bundle.entry).filter((path) => path !== bundle.entry)
    expect(files.startup.sort()).toEqual(startup.map(name).sort())
    const modal = Object.keys(bundle.metafile.outputs).find((path) =>
      latchkitModal.test(bundle.metafile.outputs[path]?.entryPoint ?? ''),
    ) as string
    expect(files.lazy[0]).toBe(name(modal))
    // What the modal module imports and start-up has not loaded comes with it.
    const modalImports = initialChunks(bundle.metafile, modal).map(name)
    expect(files.lazy.sort()).toEqual(modalImports.filter((file) => !files.startup.includes(file)).sort())
    // The entry is the page's own module script; nothing else is listed.
    expect([...files.startup, ...files.lazy]).not.toContain('entry.js')
  })

  it('takes the entry by its output path too', () => {
    const byEntryPoint = preloadFromMetafile(bundle.metafile, { entry: 'bench/apps/latchkit-minimal.tsx' })
    expect(preloadFromMetafile(bundle.metafile, { entry: bundle.entry })).toEqual(byEntryPoint)
    expect(() => preloadFromMetafile(bundle.metafile, { entry: 'src/nope.tsx' })).toThrow(/no output/)
  })

  it('reads a Vite manifest: static imports for start-up, the published modal chunk as lazy', () => {
    const manifest = {
      'index.html': { file: 'assets/index-A.js', src: 'index.html', imports: ['_react-B.js'] },
      '_react-B.js': { file: 'assets/react-B.js', imports: ['_kernel-C.js'] },
      '_kernel-C.js': { file: 'assets/kernel-C.js' },
      'node_modules/latchkit/dist/firstOpen-ZOERCXNB.js': {
        file: 'assets/firstOpen-D.js',
        src: 'node_modules/latchkit/dist/firstOpen-ZOERCXNB.js',
        isDynamicEntry: true,
        imports: ['_kernel-C.js', '_kit-E.js'],
      },
      '_kit-E.js': { file: 'assets/kit-E.js' },
      'node_modules/latchkit/dist/NftsTab-XYZ.js': { file: 'assets/NftsTab.js', isDynamicEntry: true },
    }
    expect(preloadFromViteManifest(manifest, { entry: 'index.html' })).toEqual({
      startup: ['assets/react-B.js', 'assets/kernel-C.js'],
      lazy: ['assets/firstOpen-D.js', 'assets/kit-E.js'],
    })
  })

  it('writes the link tags under a base path', () => {
    expect(modulepreloadLinks({ startup: ['chunks/a.js'], lazy: ['b.js'] }, '/static')).toBe(
      '<link rel="modulepreload" href="/static/chunks/a.js"><link rel="modulepreload" href="/static/b.js">',
    )
  })

  it("lists the plugins' parts of the Connect view, which the provider preloads with the modal", async () => {
    const full = await bundleApp(`${appsDir}/latchkit-full.tsx`, [latchkitSource(), benchPlugins(repoRoot)])
    try {
      const files = preloadFromMetafile(full.metafile, { entry: 'bench/apps/latchkit-full.tsx' })
      const parts = Object.entries(full.metafile.outputs)
        .filter(([, output]) => latchkitConnectParts.test(output.entryPoint ?? ''))
        .map(([path, output]) => [output.entryPoint, relative(full.outdir, `${full.workingDir}/${path}`)])
      // Each a chunk of its own, found and listed after the modal's.
      expect(parts.map(([source]) => source).sort()).toEqual([
        'plugins/email/views/EmailEntry.tsx',
        'plugins/email/views/EmailField.tsx',
        'plugins/farcaster/views/FarcasterEntry.tsx',
        'plugins/social/views/SocialEntry.tsx',
        'plugins/walletconnect/views/WalletConnectEntry.tsx',
        'plugins/wallets/views/ConnectRows.tsx',
      ])
      for (const [, file] of parts) expect(files.lazy).toContain(file)
      expect(files.startup.some((file) => parts.some(([, part]) => part === file))).toBe(false)
    } finally {
      rmSync(full.outdir, { recursive: true, force: true })
    }
  })

  it('matches those parts in the published package too', () => {
    expect(latchkitConnectParts.test('node_modules/latchkit/dist/WalletConnectEntry-AB12CD.js')).toBe(true)
    expect(latchkitConnectParts.test('node_modules/latchkit/dist/SendView-AB12CD.js')).toBe(false)
  })
})
