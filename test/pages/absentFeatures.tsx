// A host page for test/server/cli/absentFeatures.browser.test.ts: the widget with the on-ramp, swaps,
// names, history, analytics and sign-in plugins (the verifier on the same server), pointed at the latchkit-server named in `?api=`,
// and a wallet that connects at once on the configured chain.
import { type Connector, createKernel, type Network } from 'latchkit'
import { analytics } from 'latchkit/plugins/analytics'
import { ens } from 'latchkit/plugins/ens'
import { history } from 'latchkit/plugins/history'
import { onramp } from 'latchkit/plugins/onramp'
import { httpVerifier, siwe } from 'latchkit/plugins/siwe'
import { swaps } from 'latchkit/plugins/swaps'
import { ConnectButton, LatchProvider } from 'latchkit/react'
import { createRoot } from 'react-dom/client'

type Config = { chainId: number; rpcUrl: string; address: string }
const config = (window as never as { absentFeaturesConfig: Config }).absentFeaturesConfig
const api = new URLSearchParams(location.search).get('api') ?? ''

const network: Network = {
  id: config.chainId,
  name: 'Local',
  chainNamespace: 'eip155',
  caipNetworkId: `eip155:${config.chainId}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [config.rpcUrl] } },
}

const wallet: Connector = {
  id: 'test.wallet',
  name: 'Test Wallet',
  type: 'ANNOUNCED',
  chain: 'eip155',
  imageUrl: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/%3E',
  connect: async () => ({ accounts: [{ address: config.address, type: 'eoa' }], chainId: config.chainId }),
  disconnect: async () => {},
  getProvider: () => ({}),
}

const kernel = createKernel({
  networks: [network],
  projectId: 'absent-features',
  api: { blockchainUrl: api, walletsUrl: api },
  storage: null,
  plugins: [
    onramp(),
    swaps({ chains: [network.caipNetworkId] }),
    ens(),
    history(),
    analytics({ endpoint: `${api}/v1/analytics/events` }),
    siwe({ verifier: httpVerifier(api) }),
  ],
})
kernel.connectors.register(wallet)
// What the test reads of the sign-in plugin's state.
;(window as never as { signInState: () => unknown }).signInState = () => {
  const state = kernel.pluginState<{ unavailable: boolean; session?: unknown }>('siwe')
  return { unavailable: state?.unavailable, session: state?.session ?? null }
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <LatchProvider kernel={kernel}>
    <main>
      <h1>Host page</h1>
      <ConnectButton />
    </main>
  </LatchProvider>,
)
