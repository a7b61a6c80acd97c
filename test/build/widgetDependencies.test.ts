/**
 * What installing `latchkit` brings is what its browser entries import: every package an
 * entry needs (entryPackages.ts) is a dependency or a peer, every dependency is needed by
 * some entry (a server's package added here fails), and the README's "which peers for which
 * entry" table says, for every entry, exactly the peers it needs.
 */
import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error plain ESM helper
import { entries } from '../../entries.mjs'
import { packageOf, packagesOfEntry } from './entryPackages'

type Manifest = { dependencies: Record<string, string>; peerDependencies: Record<string, string> }
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as Manifest
const peers = new Set(Object.keys(manifest.peerDependencies))
const entryList = Object.values(entries as Record<string, { source: string; subpath: string }>)

/** `latchkit/react` for the subpath `./react`. */
const specifierOf = (subpath: string) => (subpath === '.' ? 'latchkit' : `latchkit${subpath.slice(1)}`)

/** The README's table: each entry it names (`*` standing for any name) with the peers it lists. */
function readmePeers(): Map<string, string[]> {
  const readme = readFileSync('README.md', 'utf8')
  const section = /^### Peers for each entry\n([\s\S]*?)(?=^#)/m.exec(readme)?.[1] ?? ''
  const table = new Map<string, string[]>()
  for (const row of section.split('\n').filter((line) => /^\| `latchkit/.test(line))) {
    const [named = '', listed = ''] = row.split('|').slice(1, 3)
    const packages = [...listed.matchAll(/`([^`]+)`/g)].map((match) =>
      packageOf((match[1] as string).replace(/(.)@[^/]*$/, '$1')),
    )
    for (const [, pattern] of named.matchAll(/`([^`]+)`/g)) {
      const matcher = new RegExp(`^${(pattern as string).replace(/[.]/g, '\\.').replace(/\*/g, '[^/]+')}$`)
      for (const entry of entryList.map((e) => specifierOf(e.subpath)).filter((s) => matcher.test(s)))
        table.set(entry, packages.sort())
    }
  }
  return table
}

let needs: Map<string, string[]>

beforeAll(async () => {
  needs = new Map()
  // One at a time: each bundles a whole entry, on a machine shared with other tests.
  for (const entry of entryList) needs.set(specifierOf(entry.subpath), await packagesOfEntry(entry.source))
}, 300_000)

describe("latchkit's dependencies", () => {
  it('reads the packages of an entry, lazy and type-only imports included', () => {
    expect(packageOf('@walletconnect/sign-client/dist/x.js')).toBe('@walletconnect/sign-client')
    expect(packageOf('react/jsx-runtime')).toBe('react')
    const walletConnect = needs.get('latchkit/plugins/walletconnect')
    // import('@walletconnect/core') in a lazily loaded module; `import type` from the types.
    expect(walletConnect).toEqual(expect.arrayContaining(['@walletconnect/core', '@walletconnect/types']))
    expect(needs.get('latchkit')).not.toContain('react')
  })

  it('every package an entry needs is a dependency or a peer', () => {
    const declared = new Set([...Object.keys(manifest.dependencies), ...peers])
    const undeclared = [...needs].flatMap(([entry, packages]) =>
      packages.filter((name) => !declared.has(name)).map((name) => `${entry}: ${name}`),
    )
    expect(undeclared).toEqual([])
  })

  it('every dependency is needed by some entry (what only the servers use belongs to latchkit-server)', () => {
    const needed = new Set([...needs.values()].flat())
    expect(Object.keys(manifest.dependencies).filter((name) => !needed.has(name))).toEqual([])
  })

  it("the README's table names, for every entry, the peers it needs", () => {
    const expected = Object.fromEntries(
      [...needs].map(([entry, packages]) => [entry, packages.filter((name) => peers.has(name))]),
    )
    expect(Object.fromEntries(readmePeers())).toEqual(expected)
  })
})
