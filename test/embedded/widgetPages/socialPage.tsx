// The host page of the social login's browser test: the widget with the embedded wallet
// and social plugins on the real frame service (its URL in `?frameUrl=`, which must allow
// this page's origin; the chain in `?rpcUrl=`), and window.socialTest for the page's own
// reads, a signature and a send.
import { createKernel, type Network, sendTransaction } from 'latchkit'
import { evmAdapter } from 'latchkit/adapters/evm'
import { solanaAdapter } from 'latchkit/adapters/solana'
import { localSolana } from 'latchkit/networks'
import { embeddedWallet } from 'latchkit/plugins/embedded-wallet'
import { social } from 'latchkit/plugins/social'
import { ConnectButton, LatchProvider } from 'latchkit/react'
import { createRoot } from 'react-dom/client'

const given = (window as unknown as { widgetSocialTestConfig: { projectId: string } }).widgetSocialTestConfig
const query = new URLSearchParams(location.search)
const local: Network = {
  id: 31337,
  name: 'Local 31337',
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:31337',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [query.get('rpcUrl') ?? 'http://127.0.0.1:1/31337'] } },
}
const kernel = createKernel({
  networks: [local, localSolana('http://127.0.0.1:1/solana', 'GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69VxQwbGWMk7zQ')],
  adapters: [evmAdapter({ discovery: false, injected: false }), solanaAdapter({ discovery: false })],
  projectId: given.projectId,
  // Warnings too: the test reads the dropped-message warning.
  logger: { level: 'warn' },
  plugins: [
    embeddedWallet({ frameUrl: query.get('frameUrl') ?? '', timings: { readyWaitMs: 0 } }),
    social({ providers: ['google', 'github', 'x', 'discord', 'apple', 'facebook'] }),
  ],
})
const state: { signature: unknown; sent: unknown } = { signature: undefined, sent: undefined }
Object.assign(window, {
  socialTest: {
    kernel,
    state,
    /** The page asks the embedded wallet to sign 'hello', as a dapp would. */
    sign() {
      state.signature = 'pending'
      const provider = kernel.connectors.get('embeddedWallet:eip155')?.getProvider() as {
        request(args: { method: string; params: unknown[] }): Promise<unknown>
      }
      provider
        .request({
          method: 'personal_sign',
          params: ['0x68656c6c6f', kernel.getState().accounts.eip155?.address],
        })
        .then(
          (signature) => {
            state.signature = signature
          },
          (error: Error) => {
            state.signature = `failed: ${error.message}`
          },
        )
      return true
    },
    /** The page sends `wei` to `to` through the kernel, as the send feature would. */
    send(to: string, wei: string) {
      state.sent = 'pending'
      sendTransaction(kernel, { to, value: BigInt(wei) }).then(
        (hash) => {
          state.sent = hash
        },
        (error: Error) => {
          state.sent = `failed: ${error.message}`
        },
      )
      return true
    },
  },
})

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <LatchProvider kernel={kernel}>
      <ConnectButton />
    </LatchProvider>,
  )
}
