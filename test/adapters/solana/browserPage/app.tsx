/**
 * The host page of the Solana browser tests: the kernel with only the Solana adapter (no
 * API: balances come from the chain through the adapter) and the send plugin, the dev
 * Solana wallet, and the connect button. The test writes `window.solanaTestConfig` first.
 */
import { type ChainAdapter, connect, createKernel, type Network, signMessage } from 'latchkit'
import { evmAdapter } from 'latchkit/adapters/evm'
import { solanaAdapter } from 'latchkit/adapters/solana'
import { localChain, localSolana } from 'latchkit/networks'
import { send } from 'latchkit/plugins/send'
import { ConnectButton, LatchProvider } from 'latchkit/react'
import { createRoot } from 'react-dom/client'
import { installDevWallet } from '../../../../devstack/dev-wallet/index.js'
import { installDevSolanaWallet } from '../../../../devstack/dev-wallet-solana/index.js'

export type SolanaTestConfig = {
  rpcUrl: string
  genesisHash: string
  tokens: Record<string, { name: string; symbol: string }>
  /** Adds an anvil chain, the EVM adapter and the EVM dev wallet (the multichain test). */
  evm?: { chainId: number; rpcUrl: string; accounts: string[] }
}

declare global {
  interface Window {
    solanaTestConfig: SolanaTestConfig
    /** For assertions the UI does not show (signMessage): outcomes as plain data. */
    solanaTest: {
      signMessage(message: string): Promise<{ ok: true; signature: string } | { ok: false; name: string }>
      /** Connects a connector without the Connect view (the second namespace's wallet). */
      connect(connectorId: string): Promise<{ ok: true } | { ok: false; name: string }>
    }
  }
}

const config = window.solanaTestConfig
installDevSolanaWallet({ rpcUrl: config.rpcUrl })
const networks: Network[] = [localSolana(config.rpcUrl, config.genesisHash)]
const adapters: ChainAdapter[] = [solanaAdapter({ tokens: config.tokens })]
if (config.evm) {
  const chain = {
    chainId: config.evm.chainId,
    name: `Local ${config.evm.chainId}`,
    rpcUrl: config.evm.rpcUrl,
  }
  installDevWallet({ chains: [chain], accounts: config.evm.accounts })
  networks.push(localChain(chain.chainId, chain.rpcUrl, chain.name))
  adapters.push(evmAdapter())
}
const kernel = createKernel({
  networks,
  adapters,
  projectId: 'solana-test',
  plugins: [send()],
  logger: { level: 'warn' },
})
window.solanaTest = {
  signMessage: (message) =>
    signMessage(kernel, { message, namespace: 'solana' }).then(
      (signature) => ({ ok: true, signature }),
      (error: Error) => ({ ok: false, name: error.name }),
    ),
  connect: (connectorId) =>
    connect(kernel, { connectorId }).then(
      () => ({ ok: true }),
      (error: Error) => ({ ok: false, name: error.name }),
    ),
}
createRoot(document.getElementById('root') as HTMLElement).render(
  <LatchProvider kernel={kernel}>
    <header>
      <ConnectButton />
    </header>
  </LatchProvider>,
)
