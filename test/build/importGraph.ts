import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'

/** Every .ts/.tsx source file under `roots` (tests and declaration files left out). */
export function sourceFiles(root: string, folders: readonly string[]): string[] {
  const out: string[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) {
        if (name !== 'node_modules' && name !== '__snapshots__') walk(path)
      } else if (/\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name)) out.push(path)
    }
  }
  for (const folder of folders) if (existsSync(join(root, folder))) walk(join(root, folder))
  return out
}

const extensions = ['.ts', '.tsx', '/index.ts', '/index.tsx']

/** The file an import specifier names, for relative specifiers and the package's own entries. */
function resolveSpecifier(
  from: string,
  specifier: string,
  aliases: (s: string) => string | undefined,
): string | undefined {
  const aliased = aliases(specifier)
  const base = aliased ?? (specifier.startsWith('.') ? resolve(dirname(from), specifier) : undefined)
  if (!base) return undefined
  const stripped = base.replace(/\.js$/, '')
  if (/\.tsx?$/.test(stripped) && existsSync(stripped)) return stripped
  for (const ext of extensions) if (existsSync(stripped + ext)) return stripped + ext
  return undefined
}

/**
 * The import graph of the given files: every static, type-only, re-export and dynamic
 * import counts as an edge.
 */
export function importGraph(
  files: readonly string[],
  aliases: (s: string) => string | undefined,
): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    const targets = info.importedFiles
      .map((imported) => resolveSpecifier(file, imported.fileName, aliases))
      .filter((target): target is string => target !== undefined && target !== file)
    graph.set(file, [...new Set(targets)])
  }
  return graph
}

/** Strongly connected components with more than one file: each is an import circle. */
export function circles(graph: Map<string, string[]>, root: string): string[][] {
  let index = 0
  const indices = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (node: string) => {
    indices.set(node, index)
    low.set(node, index)
    index++
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue
      if (!indices.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number))
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, indices.get(next) as number))
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = []
      let member: string
      do {
        member = stack.pop() as string
        onStack.delete(member)
        component.push(relative(root, member))
      } while (member !== node)
      if (component.length > 1) found.push(component.sort())
    }
  }
  for (const node of graph.keys()) if (!indices.has(node)) visit(node)
  return found
}
