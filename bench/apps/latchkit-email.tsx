// The email-login bench's page: Latchkit with the embedded wallet and email plugins, the
// frame service and the chain that bench/emailLogin.ts started (their URLs in the page's
// `?frameUrl=` and `?rpcUrl=`), and the connect button. window.__emailBench lets the bench
// sign out between logins, as the account view's Disconnect does.
import { createKernel, disconnect, type Network } from 'latchkit'
import { evmAdapter } from 'latchkit/adapters/evm'
import { solanaAdapter } from 'latchkit/adapters/solana'
import { localSolana } from 'latchkit/networks'
import { email } from 'latchkit/plugins/email'
import { embeddedWallet } from 'latchkit/plugins/embedded-wallet'
import { ConnectButton, LatchProvider } from 'latchkit/react'
import { createRoot } from 'react-dom/client'

declare global {
  interface Window {
    __emailBench: { disconnect(): Promise<void> }
  }
}

const query = new URL(location.href).searchParams
const local: Network = {
  id: 31337,
  name: 'Local 31337',
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:31337',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [query.get('rpcUrl') ?? ''] } },
}
const kernel = createKernel({
  // Both families, as an app offering email login usually has: the frame answers for both.
  networks: [local, localSolana(query.get('solanaUrl') ?? '', query.get('genesisHash') ?? '', 'Local Solana')],
  adapters: [evmAdapter({ discovery: false, injected: false }), solanaAdapter({ discovery: false })],
  projectId: 'latchkit-bench',
  plugins: [embeddedWallet({ frameUrl: query.get('frameUrl') ?? '' }), email()],
})

createRoot(document.getElementById('root') as HTMLElement).render(
  <LatchProvider kernel={kernel}>
    <ConnectButton />
  </LatchProvider>,
)

window.__emailBench = { disconnect: () => disconnect(kernel) }
