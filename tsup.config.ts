import { defineConfig } from 'tsup'
// @ts-expect-error plain ESM helper shared with scripts
import { entries } from './entries.mjs'

const entryMap = Object.fromEntries(
  Object.entries(entries as Record<string, { source: string }>).map(([name, entry]) => [`${name}/index`, entry.source]),
)

// The widget's entries (the `latchkit` package). The services are the `latchkit-server`
// package's, built by server/tsup.config.ts.
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
    clean: true,
    target: 'es2022',
    platform: 'browser',
    // esbuild drops 'use client'; scripts/use-client.mjs restores it on the React entry.
    onSuccess: 'node scripts/use-client.mjs',
    external: ['react', 'react-dom', 'react/jsx-runtime', 'viem', /^viem\//, /^@solana\//, 'latchkit', 'wagmi', /^@wagmi\//],
  },
])
