import { defineConfig } from 'tsup'
// @ts-expect-error plain ESM helper shared with scripts
import { entries } from './entries.mjs'

const entryMap = Object.fromEntries(
  Object.entries(entries as Record<string, { source: string }>).map(([name, entry]) => [`${name}/index`, entry.source]),
)

export default defineConfig([
  {
    entry: entryMap,
    format: ['esm'],
    // The declarations come from scripts/build-types.mjs (one TypeScript pass over every
    // entry): bundling them here took an 8 GB heap and half an hour.
    dts: false,
    splitting: true,
    treeshake: true,
    sourcemap: true,
    // Everything but dist/server, which the second build writes at the same time.
    clean: ['!server/**'],
    target: 'es2022',
    platform: 'browser',
    // esbuild drops 'use client'; scripts/use-client.mjs restores it on the React entry.
    onSuccess: 'node scripts/use-client.mjs',
    external: ['react', 'react-dom', 'react/jsx-runtime', 'viem', /^viem\//, /^@solana\//, 'latchkit', 'wagmi', /^@wagmi\//],
  },
  {
    // The `latchkit-server` and `latchkit-frame-service` commands, for Node. PGlite and pg stay outside (PGlite loads its
    // WebAssembly beside its own module; both are dependencies); viem (an optional peer),
    // its hashes and Hono go in, so the command runs where only `latchkit` is installed.
    // pgliteWorker: the embedded database's worker thread, which server/db/pgliteInWorker.ts
    // starts from `./pgliteWorker.js` beside its chunk.
    entry: {
      cli: 'server/cli.ts',
      'frame-service': 'server/embedded-wallet/cli.ts',
      pgliteWorker: 'server/db/pgliteWorker.mjs',
    },
    outDir: 'dist/server',
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    clean: true,
    // The EVM indexer's Ponder app, which Ponder builds from its TypeScript at start.
    onSuccess: 'node server/indexer/evm/shipPonderProject.mjs dist/server',
    noExternal: ['viem', /^viem\//, /^@noble\//, 'hono', /^hono\//, '@hono/node-server', 'ws'],
    external: ['@electric-sql/pglite', 'pg'],
    // ws (the relay's WebSocket server) is CommonJS and requires Node's own modules: in an
    // ESM bundle that needs a real `require`.
    banner: {
      js: "import { createRequire as latchkitCreateRequire } from 'node:module'; const require = latchkitCreateRequire(import.meta.url);",
    },
  },
])
