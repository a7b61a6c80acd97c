// Latchkit with every plugin under plugins/. The list comes from the virtual module
// 'bench:plugins', generated from the folder at build time (bench/pluginModule.ts), so a
// new plugin joins this row without anyone editing the app.
import { pluginFactories } from 'bench:plugins'
import { createKernel, type Plugin } from 'latchkit'
import { evmAdapter } from 'latchkit/adapters/evm'
import { mainnet } from 'latchkit/networks'
import { ConnectButton, LatchProvider } from 'latchkit/react'
import { createRoot } from 'react-dom/client'

// A plugin whose factory needs options we cannot guess (an endpoint, a project id) is
// still in the bundle, which is what the size row measures; at run time it is left out
// and named on the page so the speed bench can say so.
const skipped: string[] = []
const plugins: Plugin[] = []
for (const [name, factory] of pluginFactories) {
  try {
    plugins.push(factory())
  } catch (error) {
    skipped.push(`${name}: ${error instanceof Error ? error.message : String(error)}`)
  }
}
;(globalThis as { __benchSkippedPlugins?: string[] }).__benchSkippedPlugins = skipped

const kernel = createKernel({ networks: [mainnet], adapters: [evmAdapter()], plugins })

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <LatchProvider kernel={kernel}>
      <ConnectButton />
    </LatchProvider>,
  )
}
