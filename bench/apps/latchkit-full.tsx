// Latchkit with every plugin under plugins/. The list comes from the virtual module
// 'bench:plugins', generated from the folder at build time (bench/pluginModule.ts), so a
// new plugin joins this row without anyone editing the app. The speed bench opens it with
// the local services of bench/fullServices.ts in `?services=` and every plugin is
// configured against them (fullAppServices.ts); the size bench only builds it.
import { pluginFactories } from 'bench:plugins'
import { createKernel, type Plugin } from 'latchkit'
import { evmAdapter } from 'latchkit/adapters/evm'
import { localChain, mainnet } from 'latchkit/networks'
import { ConnectButton, LatchProvider } from 'latchkit/react'
import { createRoot } from 'react-dom/client'
import { pluginOptions, readServices } from './fullAppServices'

const services = readServices(location.search)

// A plugin that still cannot start (opened without services, or a new plugin whose
// options fullAppServices.ts does not know yet) is still in the bundle, which is what the
// size row measures; at run time it is left out and named on the page so the speed bench
// can say so.
const skipped: string[] = []
const plugins: Plugin[] = []
for (const [name, factory, helpers] of pluginFactories) {
  try {
    plugins.push(factory(services && pluginOptions(name, services, helpers)))
  } catch (error) {
    skipped.push(`${name}: ${error instanceof Error ? error.message : String(error)}`)
  }
}
;(globalThis as { __benchSkippedPlugins?: string[] }).__benchSkippedPlugins = skipped

const kernel = createKernel({
  networks: [services ? localChain(services.chainId, services.rpcUrl) : mainnet],
  adapters: [evmAdapter()],
  plugins,
  ...(services && {
    projectId: services.projectId,
    api: { blockchainUrl: services.apiUrl, walletsUrl: services.apiUrl },
  }),
})

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <LatchProvider kernel={kernel}>
      <ConnectButton />
    </LatchProvider>,
  )
}
