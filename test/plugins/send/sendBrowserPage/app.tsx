/**
 * The host page of the send, receive and swap browser tests: the kernel with the EVM
 * adapter, the local API (token balances), the send and receive plugins (and, when the
 * config names swap chains, swaps and history; when it asks, the on-ramp, the names
 * plugin and history), the dev wallet, and the connect button
 * (an account button once connected).
 * The test writes the chains and URLs into `window.sendTestConfig` before this runs.
 */
import { createKernel, type Kernel } from 'latchkit'
import { evmAdapter, getCapabilities, sendCalls } from 'latchkit/adapters/evm'
import { localChain } from 'latchkit/networks'
import { analytics } from 'latchkit/plugins/analytics'
import { ens } from 'latchkit/plugins/ens'
import { history } from 'latchkit/plugins/history'
import { onramp } from 'latchkit/plugins/onramp'
import { receive } from 'latchkit/plugins/receive'
import { send } from 'latchkit/plugins/send'
import { swaps } from 'latchkit/plugins/swaps'
import { ConnectButton, LatchProvider } from 'latchkit/react'
import { createRoot } from 'react-dom/client'
import { installDevWallet } from '../../../../devstack/dev-wallet'

export type SendTestConfig = {
  /** The chains the app configures (the wallet knows them all). */
  appChains: Array<{ chainId: number; name: string; rpcUrl: string }>
  walletChains: Array<{ chainId: number; name: string; rpcUrl: string }>
  accounts: string[]
  apiUrl: string
  /** Chain ids swaps are offered on; with them the page adds swaps() and history(). */
  swapChains?: number[]
  /** With it the page adds onramp(). */
  onramp?: boolean
  /** How often an open swap form asks for its quote again (the plugin's default without it). */
  swapQuoteRefreshMs?: number
  /** With it the page adds ens() and history(): names for the account and counterparties. */
  ens?: boolean
  /** With it the page adds history() (the Activity tab), without the names plugin. */
  history?: boolean
  /** With it the page adds analytics() with these options, and asks the API's project config. */
  analytics?: { endpoint?: string; enabled?: boolean; projectId: string }
  /**
   * Whether the dev wallet speaks EIP-5792 (bundles of calls). Default false: the flows these
   * pages test are a wallet's one transaction per confirmation; the bundle tests turn it on.
   */
  walletSendCalls?: boolean
}

declare global {
  interface Window {
    sendTestConfig: SendTestConfig
    /** The page's kernel and the bundle actions, for tests that call them as an app would. */
    sendTestApp: { kernel: Kernel; sendCalls: typeof sendCalls; getCapabilities: typeof getCapabilities }
  }
}

const config = window.sendTestConfig
installDevWallet({
  chains: config.walletChains,
  accounts: config.accounts,
  sendCalls: config.walletSendCalls ?? false,
})
const kernel = createKernel({
  networks: config.appChains.map((chain) => localChain(chain.chainId, chain.rpcUrl, chain.name)),
  adapters: [evmAdapter()],
  projectId: config.analytics?.projectId ?? 'send-test',
  api: { blockchainUrl: config.apiUrl, ...(config.analytics && { walletsUrl: config.apiUrl }) },
  plugins: [
    receive(),
    send(),
    ...(config.onramp ? [onramp()] : []),
    ...(config.ens ? [ens({ suggestionDebounceMs: 150 })] : []),
    ...(config.analytics
      ? [
          analytics({
            ...(config.analytics.endpoint !== undefined && { endpoint: config.analytics.endpoint }),
            ...(config.analytics.enabled !== undefined && { enabled: config.analytics.enabled }),
            flushIntervalMs: 200,
          }),
        ]
      : []),
    ...((config.ens || config.history) && !config.swapChains ? [history()] : []),
    ...(config.swapChains
      ? [
          swaps({
            chains: config.swapChains.map((id) => `eip155:${id}` as const),
            ...(config.swapQuoteRefreshMs !== undefined && { quoteRefreshMs: config.swapQuoteRefreshMs }),
          }),
          history(),
        ]
      : []),
  ],
  logger: { level: 'warn' },
})
window.sendTestApp = { kernel, sendCalls, getCapabilities }
createRoot(document.getElementById('root') as HTMLElement).render(
  <LatchProvider kernel={kernel}>
    <header>
      <ConnectButton />
    </header>
  </LatchProvider>,
)
