// An integrator's app, built from the packed `latchkit` as npm installs it (test/server/
// packedInstall.browser.test.ts copies this file into an app outside the repository and bundles it
// with that app's own esbuild): every import is a published entry point. The page reads
// where its server and chain are from its query: `?api=<latchkit-server URL>&rpc=<RPC URL>&chainId=<id>`.
import { createKernel } from 'latchkit'
import { evmAdapter } from 'latchkit/adapters/evm'
import { localChain } from 'latchkit/networks'
import { ens } from 'latchkit/plugins/ens'
import { history } from 'latchkit/plugins/history'
import { onramp } from 'latchkit/plugins/onramp'
import { receive } from 'latchkit/plugins/receive'
import { send } from 'latchkit/plugins/send'
import { httpVerifier, siwe } from 'latchkit/plugins/siwe'
import { swaps } from 'latchkit/plugins/swaps'
import { ConnectButton, LatchProvider } from 'latchkit/react'
import { createRoot } from 'react-dom/client'

const query = new URLSearchParams(location.search)
const api = query.get('api') ?? ''
const network = localChain(Number(query.get('chainId')), query.get('rpc') ?? '', 'Integrator Chain')

const kernel = createKernel({
  metadata: { name: 'Integrator App', url: location.origin },
  projectId: 'integrator-app',
  networks: [network],
  adapters: [evmAdapter()],
  api: { blockchainUrl: api, walletsUrl: api },
  plugins: [
    send(),
    receive(),
    history(),
    swaps({ chains: [network.caipNetworkId] }),
    onramp(),
    ens(),
    siwe({ verifier: httpVerifier(api) }),
  ],
})

createRoot(document.getElementById('root') as HTMLElement).render(
  <LatchProvider kernel={kernel}>
    <main>
      <h1>Integrator app</h1>
      <ConnectButton />
    </main>
  </LatchProvider>,
)
