import type { Metafile } from 'esbuild'

/** Where a module of a Latchkit build comes from. */
export type Origin = 'own' | 'latchkitDeps' | 'react' | 'viem' | 'app'

/** React's runtime: react, react-dom and the scheduler react-dom ships with. */
const reactPackages = new Set(['react', 'react-dom', 'scheduler'])

function packageOf(path: string): string | undefined {
  return path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1]
}

function isOwn(path: string): boolean {
  return !packageOf(path) && /(^|\/)(src|adapters|plugins)\//.test(path)
}

/**
 * Sorts every input of a Latchkit build by origin:
 * - own: our source (src/, adapters/, plugins/);
 * - react: react, react-dom, scheduler and what they reach;
 * - viem: viem and what it reaches (ox, abitype, @noble/curves, @noble/hashes, @scure);
 * - latchkitDeps: the other packages our source reaches (immer, zustand, mitt, zod). A
 *   module viem also uses (keccak from @noble/hashes) is viem's: it is there with or
 *   without us, and the kernel's own use of it may be tree-shaken away;
 * - app: the host app file itself.
 */
export function classifyInputs(metafile: Metafile): Map<string, Origin> {
  const origins = new Map<string, Origin>()
  const inputs = metafile.inputs
  const walk = (start: string[], origin: Origin, stopAt: (path: string) => boolean) => {
    const queue = [...start]
    while (queue.length > 0) {
      const path = queue.pop() as string
      if (origins.has(path)) continue
      origins.set(path, origin)
      for (const next of inputs[path]?.imports ?? []) {
        if (!next.external && inputs[next.path] && !origins.has(next.path) && !stopAt(next.path))
          queue.push(next.path)
      }
    }
  }
  const paths = Object.keys(inputs)
  const isReact = (path: string) => reactPackages.has(packageOf(path) ?? '')
  const isViem = (path: string) => packageOf(path) === 'viem'
  walk(paths.filter(isReact), 'react', (path) => isOwn(path))
  walk(paths.filter(isViem), 'viem', (path) => isOwn(path))
  // Then from our source into what is left: what we bring in ourselves.
  walk(paths.filter(isOwn), 'own', () => false)
  for (const [path, origin] of origins)
    if (origin === 'own' && !isOwn(path)) origins.set(path, 'latchkitDeps')
  for (const path of paths)
    if (!origins.has(path)) origins.set(path, packageOf(path) ? 'latchkitDeps' : 'app')
  return origins
}

/**
 * Bytes each origin leaves in the given outputs (esbuild's bytesInOutput: minified,
 * before gzip, which cannot be split by module).
 */
export function bytesByOrigin(metafile: Metafile, outputs: readonly string[]): Record<Origin, number> {
  const origins = classifyInputs(metafile)
  const totals: Record<Origin, number> = { own: 0, latchkitDeps: 0, react: 0, viem: 0, app: 0 }
  for (const output of outputs) {
    for (const [path, input] of Object.entries(metafile.outputs[output]?.inputs ?? {})) {
      totals[origins.get(path) ?? 'app'] += input.bytesInOutput
    }
  }
  return totals
}

/** Bytes per package (or source folder) in the given outputs, largest first: where to look first. */
export function bytesByPackage(
  metafile: Metafile,
  outputs: readonly string[],
  limit = 15,
): [string, number][] {
  const totals = new Map<string, number>()
  for (const output of outputs) {
    for (const [path, input] of Object.entries(metafile.outputs[output]?.inputs ?? {})) {
      const key = packageOf(path) ?? path.split('/').slice(0, 2).join('/')
      totals.set(key, (totals.get(key) ?? 0) + input.bytesInOutput)
    }
  }
  return [...totals].sort((a, b) => b[1] - a[1]).slice(0, limit)
}
