// @ts-nocheck -- the peers are installed on demand into bench/peers/node_modules, so on a
// fresh clone these imports do not resolve and the type check must not depend on them.
//
// Reown AppKit as small as it goes: the wagmi adapter, one network, and every feature
// that its options can turn off turned off. The project id is a placeholder: the bench
// blocks every request that leaves the machine anyway.
import { mainnet } from '@reown/appkit/networks'
import { createAppKit } from '@reown/appkit/react'
import { WagmiAdapter } from '@reown/appkit-adapter-wagmi'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { WagmiProvider } from 'wagmi'

const projectId = '00000000000000000000000000000000'
const networks = [mainnet]
const wagmiAdapter = new WagmiAdapter({ networks, projectId, ssr: false })

createAppKit({
  adapters: [wagmiAdapter],
  networks,
  projectId,
  metadata: { name: 'bench', description: 'bench', url: location.origin, icons: [] },
  enableWalletConnect: false,
  enableCoinbase: false,
  enableBaseAccount: false,
  enableWalletGuide: false,
  enableAuthLogger: false,
  features: {
    analytics: false,
    email: false,
    emailShowWallets: false,
    socials: false,
    swaps: false,
    onramp: false,
    history: false,
    send: false,
    receive: false,
    allWallets: false,
    smartSessions: false,
    legalCheckbox: false,
    pay: false,
    reownAuthentication: false,
  },
})

const queryClient = new QueryClient()

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <WagmiProvider config={wagmiAdapter.wagmiConfig}>
      <QueryClientProvider client={queryClient}>
        <appkit-button />
      </QueryClientProvider>
    </WagmiProvider>,
  )
}
