// The host page of the social login's browser test: the widget with the embedded wallet
// and social plugins on the real frame service (its URL in `?frameUrl=`, which must allow
// this page's origin; the chain in `?rpcUrl=`), and window.socialTest for the page's own
// reads, a signature and a send.
import { createKernel } from 'latchkit'
import { evmAdapter } from 'latchkit/adapters/evm'
import { solanaAdapter } from 'latchkit/adapters/solana'
import { localChain, localSolana } from 'latchkit/networks'
import { embeddedWallet } from 'latchkit/plugins/embedded-wallet'
import { social } from 'latchkit/plugins/social'
import { ConnectButton, LatchProvider } from 'latchkit/react'
import { createRoot } from 'react-dom/client'
import { pageWalletActions } from './pageWalletActions'

const given = (window as unknown as { widgetSocialTestConfig: { projectId: string } }).widgetSocialTestConfig
const query = new URLSearchParams(location.search)
const local = localChain(31337, query.get('rpcUrl') ?? 'http://127.0.0.1:1/31337', 'Local 31337')
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
Object.assign(window, { socialTest: { kernel, ...pageWalletActions(kernel) } })

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <LatchProvider kernel={kernel}>
      <ConnectButton />
    </LatchProvider>,
  )
}
