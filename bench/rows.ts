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
  /** How the speed bench finds the connect button: selectors, each inside the shadow root of the one before. */
  connectButton: readonly string[]
}

/** The four rows, Latchkit first. Peers resolve from bench/peers, Latchkit from source. */
export const rows: readonly Row[] = [
  {
    id: 'latchkit-minimal',
    label: 'Latchkit minimal',
    kind: 'latchkit',
    entry: `${appsDir}/latchkit-minimal.tsx`,
    plugins: () => [latchkitSource()],
    connectButton: ['[data-latchkit="connect-button"]'],
  },
  {
    id: 'latchkit-full',
    label: 'Latchkit full',
    kind: 'latchkit',
    entry: `${appsDir}/latchkit-full.tsx`,
    plugins: () => [latchkitSource(), benchPlugins(repoRoot)],
    connectButton: ['[data-latchkit="connect-button"]'],
  },
  {
    id: 'appkit',
    label: 'Reown AppKit (wagmi adapter)',
    kind: 'peer',
    entry: `${appsDir}/appkit.tsx`,
    plugins: () => [peerResolution()],
    connectButton: ['wui-connect-button', 'button'],
  },
  {
    id: 'rainbowkit',
    label: 'RainbowKit (wagmi)',
    kind: 'peer',
    entry: `${appsDir}/rainbowkit.tsx`,
    plugins: () => [peerResolution()],
    connectButton: ['[data-testid="rk-connect-button"]'],
  },
]
