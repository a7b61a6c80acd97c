// A tiny host page for the browser tests of the modal: a provider, the two buttons and a
// fake wallet the test drives through `window.latchTest`.
import { type Connector, createKernel, type Network } from 'latchkit'
import { ConnectButton, LatchProvider, NetworkButton, setTheme } from 'latchkit/react'
import { createRoot } from 'react-dom/client'

const network = (id: number, name: string): Network => ({
  id,
  name,
  chainNamespace: 'eip155',
  caipNetworkId: `eip155:${id}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [`http://127.0.0.1:1/${id}`] } },
})

const kernel = createKernel({ networks: [network(1, 'Ethereum'), network(8453, 'Base')], storage: null })

let settle: { approve(): void; reject(): void } | undefined
const wallet: Connector = {
  id: 'test.wallet',
  name: 'Test Wallet',
  type: 'ANNOUNCED',
  chain: 'eip155',
  imageUrl: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/%3E',
  connect: () =>
    new Promise((resolve, reject) => {
      settle = {
        approve: () =>
          resolve({
            accounts: [{ address: '0x1234567890abcdef1234567890abcdef12345678', type: 'eoa' }],
            chainId: 1,
          }),
        reject: () => reject(Object.assign(new Error('User rejected'), { code: 4001 })),
      }
    }),
  disconnect: async () => {},
  getProvider: () => ({}),
  switchNetwork: async () => {},
}
kernel.connectors.register(wallet)

Object.assign(window, {
  latchTest: {
    kernel,
    approve: () => settle?.approve(),
    reject: () => settle?.reject(),
    setTheme: (mode: 'light' | 'dark') => setTheme(kernel, { mode }),
  },
})

createRoot(document.getElementById('root') as HTMLElement).render(
  <LatchProvider kernel={kernel}>
    <main>
      <h1>Host page</h1>
      <NetworkButton />
      <ConnectButton />
    </main>
  </LatchProvider>,
)
