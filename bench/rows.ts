import type { Plugin } from 'esbuild'
import { appsDir, repoRoot } from './paths'
import { peerResolution } from './peerResolution'
import { benchPlugins } from './pluginModule'
import { latchkitSource } from './sourceAlias'

export type RowId = 'latchkit-minimal' | 'latchkit-full' | 'appkit' | 'rainbowkit'

/** One host app of the comparison: what it is and how to bundle it. */
export interface Row {
  id: RowId
  label: string
  kind: 'latchkit' | 'peer'
  entry: string
  plugins: () => Plugin[]
}

/** The four rows, Latchkit first. Peers resolve from bench/peers, Latchkit from source. */
export const rows: readonly Row[] = [
  {
    id: 'latchkit-minimal',
    label: 'Latchkit minimal',
    kind: 'latchkit',
    entry: `${appsDir}/latchkit-minimal.tsx`,
    plugins: () => [latchkitSource()],
  },
  {
    id: 'latchkit-full',
    label: 'Latchkit full',
    kind: 'latchkit',
    entry: `${appsDir}/latchkit-full.tsx`,
    plugins: () => [latchkitSource(), benchPlugins(repoRoot)],
  },
  {
    id: 'appkit',
    label: 'Reown AppKit (wagmi adapter)',
    kind: 'peer',
    entry: `${appsDir}/appkit.tsx`,
    plugins: () => [peerResolution()],
  },
  {
    id: 'rainbowkit',
    label: 'RainbowKit (wagmi)',
    kind: 'peer',
    entry: `${appsDir}/rainbowkit.tsx`,
    plugins: () => [peerResolution()],
  },
]
