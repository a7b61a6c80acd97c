import { defineConfig } from 'tsup'

/**
 * The `latchkit-server` and `latchkit-frame-service` commands, for Node, built into
 * server/dist by `npm run build` (the root's, or this package's own). Only this package's
 * code is bundled: its dependencies (Hono, ws, viem, PGlite, pg, nodemailer, openid-client,
 * ...) stay outside, tsup's default for a package's `dependencies`, and come with the
 * install. pgliteWorker: the embedded database's worker thread, which db/pgliteInWorker.ts
 * starts from `./pgliteWorker.js` beside its chunk. The embedded wallet's frame page is
 * browser code, bundled on its own by scripts/build-frame.mjs.
 */
export default defineConfig({
  entry: {
    cli: 'cli.ts',
    'frame-service': 'embedded-wallet/cli.ts',
    pgliteWorker: 'db/pgliteWorker.mjs',
  },
  outDir: 'dist',
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  // The EVM indexer's Ponder app, which Ponder builds from its TypeScript at start:
  // copied to dist/evm-indexer, where the history supervisor looks for it.
  onSuccess: 'node indexer/evm/shipPonderProject.mjs dist',
})
