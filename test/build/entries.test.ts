import { execFileSync } from 'node:child_process'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
// @ts-expect-error plain ESM helper
import { entries } from '../../entries.mjs'

/** Bundles one entry from source as a dapp's bundler would, and lists what it pulled in. */
async function inputsOf(source: string): Promise<string[]> {
  const result = await build({
    entryPoints: [source],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'browser',
    logLevel: 'silent',
    // Peers stay out as in a library build; what matters is what our graph reaches.
    external: ['react', 'react-dom', 'viem', '@solana/web3.js'],
  })
  // Only modules that left bytes in the output count: esbuild parses more than it keeps.
  return Object.values(result.metafile.outputs).flatMap((output) => [
    ...Object.entries(output.inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([path]) => path),
    ...output.imports.map((i) => i.path),
  ])
}

describe('package entries', () => {
  it('the latchkit (kernel) entry pulls in no React, adapter or plugin code', async () => {
    const inputs = await inputsOf('src/kernel/index.ts')
    expect(inputs.some((path) => path.startsWith('src/kernel/'))).toBe(true)
    expect(
      inputs.filter((path) =>
        /(^|\/)(react|react-dom|viem|@solana)(\/|$)|src\/react\/|adapters\/|plugins\//.test(path),
      ),
    ).toEqual([])
  })

  it('the kernel uses the tree-shakable zod/mini namespace, not the 85 KB full build', async () => {
    const inputs = await inputsOf('src/kernel/index.ts')
    expect(inputs.filter((path) => path.includes('zod/v4/locales/')).length).toBeLessThanOrEqual(1)
    expect(inputs.filter((path) => path.includes('zod/v4/classic/'))).toEqual([])
  })

  it('package.json exports list exactly the entries that exist', () => {
    expect(() =>
      execFileSync('node', ['scripts/sync-exports.mjs', '--check'], { stdio: 'pipe' }),
    ).not.toThrow()
    expect(Object.keys(entries)).toContain('kernel')
  })
})
