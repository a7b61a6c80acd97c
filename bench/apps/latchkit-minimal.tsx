// The smallest Latchkit host app: kernel, React binding and the EVM adapter with one
// network, nothing else. The size bench bundles it as an integrator's bundler would.
import { createKernel } from 'latchkit'
import { evmAdapter } from 'latchkit/adapters/evm'
import { mainnet } from 'latchkit/networks'
import { ConnectButton, LatchProvider } from 'latchkit/react'
import { createRoot } from 'react-dom/client'

const kernel = createKernel({ networks: [mainnet], adapters: [evmAdapter()] })

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <LatchProvider kernel={kernel}>
      <ConnectButton />
    </LatchProvider>,
  )
}
