import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

// What an integrator deploys (server/) ships on its own: it must not reach into the widget
// (src/, adapters/, plugins/, or the `latchkit` entries that point there) nor into what
// only development needs (devstack/, test/, bench/, demo/).
const FORBIDDEN_DIRECTORIES = ['src', 'adapters', 'plugins', 'devstack', 'test', 'bench', 'demo']

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) ? [path] : []
  })
}

/** Every module specifier of a file: static imports and re-exports, dynamic imports, require. */
function specifiersOf(code: string): string[] {
  const patterns = [
    /\b(?:import|export)\s[^'"]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ]
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1] as string))
}

/** Why `specifier`, imported from `file`, crosses the boundary; undefined when it does not. */
function crossing(file: string, specifier: string): string | undefined {
  if (specifier === 'latchkit' || specifier.startsWith('latchkit/'))
    return `${specifier} is the widget's package entry`
  if (!specifier.startsWith('.')) return undefined
  const target = normalize(join(dirname(file), specifier))
  const top = relative('.', target).split(/[\\/]/)[0] ?? ''
  return FORBIDDEN_DIRECTORIES.includes(top) ? `reaches ${top}/` : undefined
}

describe('server/ stands alone', () => {
  it('tells a crossing import from an allowed one', () => {
    expect(crossing('server/api/createApiApp.ts', '../../src/kernel/errors.js')).toBe('reaches src/')
    expect(crossing('server/cli.ts', '../devstack/fixtures.js')).toBe('reaches devstack/')
    expect(crossing('server/siwe/index.ts', 'latchkit/plugins/siwe')).toMatch(/package entry/)
    expect(crossing('server/api/routes/nfts.ts', '../parseInput.js')).toBeUndefined()
    expect(crossing('server/api/createApiApp.ts', 'hono/cors')).toBeUndefined()
    expect(
      specifiersOf(`import type { A } from '../a.js'\nexport { b } from "./b"\nawait import('pg')`),
    ).toEqual(['../a.js', './b', 'pg'])
  })

  it('no file under server/ imports from src/, adapters/, plugins/, devstack/ or the tests', () => {
    const files = sourceFiles('server')
    expect(files.length).toBeGreaterThan(10)
    const crossings = files.flatMap((file) =>
      specifiersOf(readFileSync(file, 'utf8')).flatMap((specifier) => {
        const why = crossing(file, specifier)
        return why ? [`${file}: '${specifier}' ${why}`] : []
      }),
    )
    expect(crossings).toEqual([])
  })
})
