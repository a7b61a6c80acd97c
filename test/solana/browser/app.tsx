/**
 * The host page of the Solana browser tests: the kernel with only the Solana adapter (no
 * API: balances come from the chain through the adapter) and the send plugin, the dev
 * Solana wallet, and the connect button. The test writes `window.solanaTestConfig` first.
 */
import { createKernel, signMessage } from 'latchkit'
import { solanaAdapter } from 'latchkit/adapters/solana'
import { localSolana } from 'latchkit/networks'
import { send } from 'latchkit/plugins/send'
import { ConnectButton, LatchProvider } from 'latchkit/react'
import { createRoot } from 'react-dom/client'
import { installDevSolanaWallet } from '../../../devstack/dev-wallet-solana/index.js'

export type SolanaTestConfig = {
  rpcUrl: string
  genesisHash: string
  tokens: Record<string, { name: string; symbol: string }>
}

declare global {
  interface Window {
    solanaTestConfig: SolanaTestConfig
    /** For assertions the UI does not show (signMessage): outcomes as plain data. */
    solanaTest: {
      signMessage(message: string): Promise<{ ok: true; signature: string } | { ok: false; name: string }>
    }
  }
}

const config = window.solanaTestConfig
installDevSolanaWallet({ rpcUrl: config.rpcUrl })
const kernel = createKernel({
  networks: [localSolana(config.rpcUrl, config.genesisHash)],
  adapters: [solanaAdapter({ tokens: config.tokens })],
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
}
createRoot(document.getElementById('root') as HTMLElement).render(
  <LatchProvider kernel={kernel}>
    <header>
      <ConnectButton />
    </header>
  </LatchProvider>,
)
