// @ts-nocheck -- the peers are installed on demand into bench/peers/node_modules, so on a
// fresh clone these imports do not resolve and the type check must not depend on them.
//
// RainbowKit with a wallet list of our choosing (connectorsForWallets), for the
// WalletConnect row: built once with injectedWallet alone and once with injectedWallet and
// walletConnectWallet. The list comes from the virtual module 'bench:rainbowkit-wallets'
// (bench/walletConnectCost.ts), so the two builds differ only in it.
import '@rainbow-me/rainbowkit/styles.css'
import { ConnectButton, connectorsForWallets, RainbowKitProvider } from '@rainbow-me/rainbowkit'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { wallets } from 'bench:rainbowkit-wallets'
import { createRoot } from 'react-dom/client'
import { createConfig, http, WagmiProvider } from 'wagmi'
import { mainnet } from 'wagmi/chains'

const connectors = connectorsForWallets([{ groupName: 'Wallets', wallets }], {
  appName: 'bench',
  projectId: '00000000000000000000000000000000',
})
const config = createConfig({
  connectors,
  chains: [mainnet],
  transports: { [mainnet.id]: http() },
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
