import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { alias } from '../../vitest.shared'
import { circles, importGraph, sourceFiles } from './importGraph'

const root = fileURLToPath(new URL('../../', import.meta.url))

/** `latchkit/...` specifiers resolved as the tests and the bench resolve them. */
function packageAlias(specifier: string): string | undefined {
  const rule = alias.find(({ find }) => find.test(specifier))
  return rule ? specifier.replace(rule.find, rule.replacement) : undefined
}

// Layers without circles: a newcomer follows `connect()` down the graph without coming
// back to where they started. Type-only and dynamic imports count: a circle of types is
// still a circle to read.
describe('import graph', () => {
  for (const folder of [
    'src/kernel',
    'src/react',
    'src/networks',
    'adapters',
    'plugins',
    'server',
    'devstack',
  ]) {
    it(`has no import circle in ${folder}`, () => {
      const graph = importGraph(sourceFiles(root, [folder]), packageAlias)
      expect(circles(graph, root)).toEqual([])
    })
  }

  it('has no circle across the package as a whole', () => {
    const graph = importGraph(sourceFiles(root, ['src', 'adapters', 'plugins']), packageAlias)
    expect(circles(graph, root)).toEqual([])
  })

  // The services and the dev tools import the widget's code (schemas, helpers) and
  // devstack imports the services: a circle through any of them is still one to read.
  it('has no circle across the widget, the services and the dev tools together', () => {
    const graph = importGraph(
      sourceFiles(root, ['src', 'adapters', 'plugins', 'server', 'devstack']),
      packageAlias,
    )
    expect(circles(graph, root)).toEqual([])
  })
})
