import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
// @ts-expect-error plain ESM helper
import { entries } from '../../entries.mjs'

const root = fileURLToPath(new URL('../../', import.meta.url))

/**
 * Every name exported by any entry, with the declarations it stands for. A name that
 * stands for two declarations means two things: an integrator reading one entry's docs
 * would misread the other's. The chain adapters are the one exception: each names its
 * family's version of the same thing alike (`startDiscovery`, `MAX_ICON_LENGTH`, ...), as
 * the entries `latchkit/adapters/evm` and `latchkit/adapters/solana` say, so a name shared
 * only between adapter entries counts once. So do the locale entries: each `default` is
 * that entry's Locale (`import de from 'latchkit/locales/de'`).
 */
function exportedNames(): Map<string, Set<string>> {
  const config = ts.getParsedCommandLineOfConfigFile(
    `${root}tsconfig.json`,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => {},
    },
  )
  if (!config) throw new Error('tsconfig.json did not parse')
  const sources = Object.values(entries as Record<string, { source: string }>).map(
    (e) => `${root}${e.source}`,
  )
  const program = ts.createProgram(sources, config.options)
  const checker = program.getTypeChecker()
  const names = new Map<string, Set<string>>()
  for (const source of sources) {
    const family = source.includes('/adapters/')
      ? 'adapter'
      : source.includes('/locales/')
        ? 'locale'
        : 'core'
    const file = program.getSourceFile(source)
    const module = file && checker.getSymbolAtLocation(file)
    if (!module) throw new Error(`${source} has no module symbol`)
    for (const symbol of checker.getExportsOfModule(module)) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
      const declaration = target.declarations?.[0]
      if (!declaration) continue
      const declared = declaration.getSourceFile().fileName.replace(root, '')
      const where =
        family === 'adapter' && declared.startsWith('adapters/')
          ? 'an adapter'
          : family === 'locale' && declared.startsWith('locales/')
            ? 'a locale'
            : `${declared}:${declaration.pos}`
      const seen = names.get(symbol.name) ?? new Set<string>()
      seen.add(where)
      names.set(symbol.name, seen)
    }
  }
  return names
}

describe('public names', () => {
  it('mean one thing across every entry: no two exports share a name with different declarations', () => {
    const names = exportedNames()
    expect(names.size).toBeGreaterThan(100)
    const clashes = [...names]
      .filter(([, where]) => where.size > 1)
      .map(([name, where]) => `${name}: ${[...where].join(', ')}`)
    expect(clashes).toEqual([])
  }, 60_000)
})
