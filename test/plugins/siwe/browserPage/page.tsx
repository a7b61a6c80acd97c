/**
 * A small host app for the siwe browser test: the dev wallet, a kernel with the EVM
 * adapter and the siwe plugin talking to the reference verifier over HTTP, a connect
 * button and a line that says who is signed in, with a Sign out button. Bundled by
 * esbuild (sitePage.ts); the test hands it its config through `window.siweTestConfig`.
 */
import { createKernel } from 'latchkit'
import { evmAdapter } from 'latchkit/adapters/evm'
import { localChain } from 'latchkit/networks'
import { getSiweSession, httpVerifier, signOut, siwe } from 'latchkit/plugins/siwe'
import { ConnectButton, LatchProvider, useKernel, useKernelState } from 'latchkit/react'
import { createRoot } from 'react-dom/client'
import { installDevWallet } from '../../../../devstack/dev-wallet'

export type SiweTestConfig = {
  chains: { chainId: number; name: string; rpcUrl: string }[]
  verifierUrl: string
  required: boolean
}

declare global {
  interface Window {
    siweTestConfig: SiweTestConfig
    kernel: ReturnType<typeof createKernel>
  }
}

const config = window.siweTestConfig
installDevWallet({ chains: config.chains })
const kernel = createKernel({
  networks: config.chains.map((chain) => localChain(chain.chainId, chain.rpcUrl, chain.name)),
  adapters: [evmAdapter()],
  plugins: [siwe({ verifier: httpVerifier(config.verifierUrl), required: config.required })],
  metadata: { name: 'SIWE Test App' },
})
window.kernel = kernel

function SignInStatus() {
  const host = useKernel()
  const address = useKernelState(() => getSiweSession(host)?.address ?? '')
  return (
    <p data-testid="siwe-status" data-signed-in={address ? 'true' : 'false'}>
      {address ? `Signed in as ${address}` : 'Not signed in'}
      {address && (
        <button type="button" onClick={() => void signOut(host)}>
          Sign out
        </button>
      )}
    </p>
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <LatchProvider kernel={kernel}>
    <ConnectButton />
    <SignInStatus />
  </LatchProvider>,
)
