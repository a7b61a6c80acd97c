// A host page for test/server/cli/regionalApi.browser.test.ts: the widget's API chosen by regionalApi()
// from the browser's time zone, between the two servers named in `?api=` and
// `?restricted=`; `?zones=` replaces the restricted time zones. A wallet that connects at
// once, so opening the account asks the chosen API for balances.
import { type Connector, createKernel, type Network, regionalApi } from 'latchkit'
import { ConnectButton, LatchProvider } from 'latchkit/react'
import { createRoot } from 'react-dom/client'

type Config = { chainId: number; rpcUrl: string; address: string }
const config = (window as never as { regionalApiConfig: Config }).regionalApiConfig
const query = new URLSearchParams(location.search)
const api = query.get('api') ?? ''
const restricted = query.get('restricted') ?? ''
const zones = query.get('zones')

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
  projectId: 'regional-api',
  api: regionalApi({
    api: { blockchainUrl: api, walletsUrl: api },
    restricted: { blockchainUrl: restricted, walletsUrl: restricted },
    ...(zones ? { timeZones: zones.split(',') } : {}),
  }),
  storage: null,
})
kernel.connectors.register(wallet)
;(window as never as { chosenApi: string | undefined }).chosenApi = kernel.api.url('blockchain')

createRoot(document.getElementById('root') as HTMLElement).render(
  <LatchProvider kernel={kernel}>
    <main>
      <h1>Host page</h1>
      <ConnectButton />
    </main>
  </LatchProvider>,
)
