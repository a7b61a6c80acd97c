// Latchkit minimal plus one integration entry (latchkit/wagmi, a locale), which the
// virtual module 'bench:extras' brings in (bench/entryCosts.ts); with the empty module it
// is minimal itself, so the difference is what that entry adds.
import { applyExtras } from 'bench:extras'
import { createKernel } from 'latchkit'
import { evmAdapter } from 'latchkit/adapters/evm'
import { mainnet } from 'latchkit/networks'
import { ConnectButton, LatchProvider } from 'latchkit/react'
import { createRoot } from 'react-dom/client'

const kernel = createKernel({ networks: [mainnet], adapters: [evmAdapter()] })
applyExtras(kernel)

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <LatchProvider kernel={kernel}>
      <ConnectButton />
    </LatchProvider>,
  )
}
