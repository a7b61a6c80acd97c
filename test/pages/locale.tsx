// A host page for the browser tests of languages: the two buttons, a fake wallet, and the
// locale the address asks for: `?locale=ar`, or `?locale=browser` to pick one from the
// browser's languages.
import { type Connector, createKernel, type Network, pickLocale } from 'latchkit'
import ar from 'latchkit/locales/ar'
import de from 'latchkit/locales/de'
import { ConnectButton, LatchProvider, NetworkButton } from 'latchkit/react'
import { createRoot } from 'react-dom/client'

const network = (id: number, name: string): Network => ({
  id,
  name,
  chainNamespace: 'eip155',
  caipNetworkId: `eip155:${id}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [`http://127.0.0.1:1/${id}`] } },
})

const locales = { ar, de }
const asked = new URLSearchParams(location.search).get('locale')
const tag = asked === 'browser' ? pickLocale(locales) : asked
const locale = tag && tag in locales ? locales[tag as keyof typeof locales] : undefined

const kernel = createKernel({
  networks: [network(1, 'Ethereum'), network(8453, 'Base')],
  storage: null,
  locale,
})

const wallet: Connector = {
  id: 'test.wallet',
  name: 'Test Wallet',
  type: 'ANNOUNCED',
  chain: 'eip155',
  imageUrl: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/%3E',
  connect: async () => ({
    accounts: [{ address: '0x1234567890abcdef1234567890abcdef12345678', type: 'eoa' }],
    chainId: 1,
  }),
  disconnect: async () => {},
  getProvider: () => ({}),
  switchNetwork: async () => {},
}
kernel.connectors.register(wallet)

Object.assign(window, {
  latchTest: {
    kernel,
    locales,
    /** The balance the wallet's account holds, as the chain adapter would set it. */
    setBalance: (balance: string) =>
      kernel.store.setState((draft) => {
        const account = draft.accounts.eip155
        if (account) {
          account.balance = balance
          account.balanceSymbol = 'ETH'
        }
      }),
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
