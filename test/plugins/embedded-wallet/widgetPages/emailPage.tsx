// The host page of the email plugin's browser tests: the widget with the embedded wallet
// and email plugins on a frame on a second origin (the stub frame of stubFrame.ts, or the
// real frame service), the connect button, and window.emailTest for the page's own calls.
import { createKernel } from 'latchkit'
import { evmAdapter } from 'latchkit/adapters/evm'
import { solanaAdapter } from 'latchkit/adapters/solana'
import { localChain, localSolana } from 'latchkit/networks'
import { email } from 'latchkit/plugins/email'
import { embeddedWallet } from 'latchkit/plugins/embedded-wallet'
import { ConnectButton, LatchProvider } from 'latchkit/react'
import { createRoot } from 'react-dom/client'
import { pageWalletActions } from './pageWalletActions'

// The frame service's URL comes from the config, or from `?frameUrl=` when the service
// could only start once the page's origin was known (it must allow that origin).
const given = (window as unknown as { widgetEmailTestConfig: { frameUrl?: string; projectId?: string } })
  .widgetEmailTestConfig
const query = new URLSearchParams(location.search)
const config = { ...given, frameUrl: query.get('frameUrl') ?? given.frameUrl ?? '' }
// `?rpcUrl=`: a chain the test started (anvil); otherwise nothing answers there.
const local = localChain(31337, query.get('rpcUrl') ?? 'http://127.0.0.1:1/31337', 'Local 31337')

// `?solana=1`: a Solana network too (nothing answers at its endpoint; the account's address is what counts).
const withSolana = query.get('solana') === '1'
const kernel = createKernel({
  networks: withSolana
    ? [local, localSolana('http://127.0.0.1:1/solana', 'GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69VxQwbGWMk7zQ')]
    : [local],
  adapters: withSolana
    ? [evmAdapter({ discovery: false, injected: false }), solanaAdapter({ discovery: false })]
    : [evmAdapter({ discovery: false, injected: false })],
  projectId: config.projectId ?? 'p1',
  plugins: [embeddedWallet({ frameUrl: config.frameUrl, timings: { readyWaitMs: 0 } }), email()],
})

Object.assign(window, { emailTest: { kernel, ...pageWalletActions(kernel) } })

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <LatchProvider kernel={kernel}>
      <ConnectButton />
    </LatchProvider>,
  )
}
