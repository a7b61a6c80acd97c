// The host page of the isolation tests: the buttons in the page's DOM (ConnectButton
// becomes the AccountButton once connected), the modal in its shadow root, and a fake
// wallet the test approves through `window.latchTest`. The theme mode comes from `?mode=`.
import { type Connector, createKernel, type Network } from 'latchkit'
import { ConnectButton, LatchProvider, NetworkButton, setTheme, type ThemePatch } from 'latchkit/react'
import { createRoot } from 'react-dom/client'

const icon = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/%3E'

const network = (id: number, name: string): Network => ({
  id,
  name,
  chainNamespace: 'eip155',
  caipNetworkId: `eip155:${id}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [`http://127.0.0.1:1/${id}`] } },
  imageUrl: icon,
})

const mode = new URLSearchParams(location.search).get('mode') ?? 'light'
const kernel = createKernel({
  networks: [network(1, 'Ethereum'), network(8453, 'Base')],
  storage: null,
  theme: { mode: mode as 'light' | 'dark' | 'system' },
})

let approve: (() => void) | undefined
const wallet: Connector = {
  id: 'test.wallet',
  name: 'Test Wallet',
  type: 'ANNOUNCED',
  chain: 'eip155',
  imageUrl: icon,
  connect: () =>
    new Promise((resolve) => {
      approve = () =>
        resolve({
          accounts: [{ address: '0x1234567890abcdef1234567890abcdef12345678', type: 'eoa' }],
          chainId: 1,
        })
    }),
  disconnect: async () => {},
  getProvider: () => ({}),
  switchNetwork: async () => {},
}
kernel.connectors.register(wallet)

Object.assign(window, {
  latchTest: {
    kernel,
    approve: () => approve?.(),
    setTheme: (patch: ThemePatch) => setTheme(kernel, patch),
  },
})

createRoot(document.getElementById('root') as HTMLElement).render(
  <LatchProvider kernel={kernel}>
    <NetworkButton />
    <ConnectButton />
  </LatchProvider>,
)
