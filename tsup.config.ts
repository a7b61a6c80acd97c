import { defineConfig } from 'tsup'
// @ts-expect-error plain ESM helper shared with scripts
import { entries } from './entries.mjs'

const entryMap = Object.fromEntries(
  Object.entries(entries as Record<string, { source: string }>).map(([name, entry]) => [`${name}/index`, entry.source]),
)

export default defineConfig({
  entry: entryMap,
  format: ['esm'],
  dts: true,
  splitting: true,
  treeshake: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  platform: 'browser',
  // esbuild drops 'use client'; scripts/use-client.mjs restores it on the React entry.
  onSuccess: 'node scripts/use-client.mjs',
  external: ['react', 'react-dom', 'react/jsx-runtime', 'viem', /^viem\//, /^@solana\//, 'latchkit'],
})
