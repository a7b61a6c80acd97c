/**
 * The demo's wagmi config: the same local chains as the kernel, and Latchkit's connector as
 * the only one, so wagmi's hooks follow whichever wallet the visitor connected through
 * Latchkit. This is the whole wagmi integration an app needs.
 */
import type { Kernel } from 'latchkit'
import { latchkitConnector } from 'latchkit/wagmi'
import { defineChain } from 'viem'
import { type Config, createConfig, http } from 'wagmi'

export type WagmiChainInfo = { chainId: number; name: string; rpcUrl: string }

/**
 * @example
 * const wagmiConfig = createDemoWagmiConfig(kernel, config.networks)
 * <WagmiProvider config={wagmiConfig}>…</WagmiProvider>
 */
export function createDemoWagmiConfig(kernel: Kernel, chains: readonly WagmiChainInfo[]): Config {
  const wagmiChains = chains.map((chain) =>
    defineChain({
      id: chain.chainId,
      name: chain.name,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    }),
  )
  const [first, ...rest] = wagmiChains
  if (!first) throw new Error('createDemoWagmiConfig needs at least one chain')
  return createConfig({
    chains: [first, ...rest],
    connectors: [latchkitConnector(kernel)],
    // Latchkit finds the wallets; wagmi listing them too would offer a second way in.
    multiInjectedProviderDiscovery: false,
    transports: Object.fromEntries(chains.map((chain) => [chain.chainId, http(chain.rpcUrl)])),
  })
}
