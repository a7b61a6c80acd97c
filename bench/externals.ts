import type { Plugin } from 'esbuild'

/** React's runtime and viem, with their subpaths: what "our own code" is measured apart from. */
export const frameworkExternals = [
  'react',
  'react/*',
  'react-dom',
  'react-dom/*',
  'scheduler',
  'viem',
  'viem/*',
]

/**
 * Leaves every npm package out of the bundle (our `latchkit/...` entries still resolve to
 * source, as latchkitSource() runs first). What remains is our own code alone, so it can be
 * gzipped on its own: gzip cannot be split by module after the fact.
 */
export function externalPackages(): Plugin {
  return {
    name: 'external-packages',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (/^(latchkit|bench:)/.test(args.path)) return undefined
        return { path: args.path, external: true }
      })
    },
  }
}
