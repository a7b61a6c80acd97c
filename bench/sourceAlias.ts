import type { Plugin } from 'esbuild'
import { alias } from '../vitest.shared'
import { repoRoot } from './paths'

/**
 * Resolves `latchkit`, `latchkit/react`, `latchkit/adapters/*`, `latchkit/plugins/*` and
 * `latchkit/networks` to source, with the mapping the tests use (vitest.shared.ts), so
 * the bench measures the working tree. `root` moves the mapping onto a copy of the tree
 * (the unused-plugin check builds one without plugins/).
 *
 * @example
 * await build({ entryPoints: ['bench/apps/latchkit-minimal.tsx'], plugins: [latchkitSource()] })
 */
export function latchkitSource(root = repoRoot): Plugin {
  const rules = alias.map(({ find, replacement }) => ({
    find,
    replacement: root + replacement.slice(repoRoot.length),
  }))
  return {
    name: 'latchkit-source',
    setup(build) {
      build.onResolve({ filter: /^latchkit(\/|$)/ }, (args) => {
        const rule = rules.find(({ find }) => find.test(args.path))
        if (!rule) return undefined
        return { path: args.path.replace(rule.find, rule.replacement) }
      })
    },
  }
}
