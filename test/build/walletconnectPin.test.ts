/**
 * The WalletConnect v2 packages are pinned to 2.21.8, the last release under Apache-2.0:
 * from 2.21.9 on their licence requires Reown's network, which an integrator who
 * self-hosts the relay could not accept. This fails if a later version reaches the lock
 * file, through a direct bump or another package's dependency.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, { version?: string; license?: string }>
}
const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
  peerDependencies: Record<string, string>
  peerDependenciesMeta: Record<string, { optional?: boolean }>
  overrides?: Record<string, unknown>
}

/** The packages released from the WalletConnect monorepo, versioned together (2.x). */
const MONOREPO = [
  'core',
  'sign-client',
  'types',
  'utils',
  'universal-provider',
  'ethereum-provider',
  'react-native-compat',
  'pos-client',
]

function compare(a: string, b: string): number {
  const [x, y] = [a, b].map((v) => v.split(/[.-]/).slice(0, 3).map(Number))
  for (let i = 0; i < 3; i++) if ((x?.[i] ?? 0) !== (y?.[i] ?? 0)) return (x?.[i] ?? 0) - (y?.[i] ?? 0)
  return 0
}

function installed(name: string): { path: string; version: string; license: string | undefined }[] {
  return Object.entries(lock.packages)
    .filter(([path]) => path === `node_modules/${name}` || path.endsWith(`/node_modules/${name}`))
    .map(([path, entry]) => ({ path, version: entry.version ?? '', license: entry.license }))
}

describe('the WalletConnect pin', () => {
  // Optional peers: only an app that lists walletConnect() installs the SDK, at this version.
  it('asks for the SDK packages it imports at exactly 2.21.8, as optional peers, and tests with them', () => {
    for (const name of ['sign-client', 'core', 'types']) {
      expect(manifest.peerDependencies[`@walletconnect/${name}`]).toBe('2.21.8')
      expect(manifest.peerDependenciesMeta[`@walletconnect/${name}`]).toEqual({ optional: true })
      expect(manifest.devDependencies[`@walletconnect/${name}`]).toBe('2.21.8')
      expect(manifest.dependencies[`@walletconnect/${name}`]).toBeUndefined()
    }
  })

  it('has no monorepo package after 2.21.8 anywhere in the lock file', () => {
    const found = MONOREPO.flatMap((name) => installed(`@walletconnect/${name}`))
    expect(found.map((p) => p.path)).toContain('node_modules/@walletconnect/sign-client')
    const later = found.filter((p) => compare(p.version, '2.21.8') > 0)
    expect(later).toEqual([])
    for (const p of found) expect(p.license).toBe('Apache-2.0')
  })

  it('pulls in no @reown package (their SDKs report to the vendor)', () => {
    expect(Object.keys(lock.packages).filter((path) => path.includes('node_modules/@reown/'))).toEqual([])
  })

  it('keeps one viem: @walletconnect/utils pins its own, the override points it at ours', () => {
    expect(manifest.overrides?.['@walletconnect/utils']).toEqual({ viem: '$viem' })
    expect(installed('viem').map((p) => p.path)).toEqual(['node_modules/viem'])
  })

  it('the comparison it relies on orders versions numerically', () => {
    expect(compare('2.21.9', '2.21.8')).toBeGreaterThan(0)
    expect(compare('2.22.0', '2.21.8')).toBeGreaterThan(0)
    expect(compare('2.3.0', '2.21.8')).toBeLessThan(0)
    expect(compare('2.21.8', '2.21.8')).toBe(0)
  })
})
