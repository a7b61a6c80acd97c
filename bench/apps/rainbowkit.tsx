// @ts-nocheck -- the peers are installed on demand into bench/peers/node_modules, so on a
// fresh clone these imports do not resolve and the type check must not depend on them.
//
// RainbowKit as its docs set it up: getDefaultConfig with one chain, the provider and
// its ConnectButton. The project id is a placeholder: the bench blocks every request
// that leaves the machine anyway.
import '@rainbow-me/rainbowkit/styles.css'
import { ConnectButton, getDefaultConfig, RainbowKitProvider } from '@rainbow-me/rainbowkit'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { WagmiProvider } from 'wagmi'
import { mainnet } from 'wagmi/chains'

const config = getDefaultConfig({
  appName: 'bench',
  projectId: '00000000000000000000000000000000',
  chains: [mainnet],
  ssr: false,
})
const queryClient = new QueryClient()

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <RainbowKitProvider>
          <ConnectButton />
        </RainbowKitProvider>
      </QueryClientProvider>
    </WagmiProvider>,
  )
}
