import { getSiweSession, SIWE_PLUGIN_ID, SIWE_VIEW_ID, type SiweState, signOut } from 'latchkit/plugins/siwe'
import { useKernel, useKernelState, useModal } from 'latchkit/react'
import type { ReactElement } from 'react'
import { flipSwitch } from './demoSwitches'

/**
 * Sign-in with the wallet, as the app sees it: who is signed in (the session the local
 * API server issued, read through the siwe plugin), Sign out, and the switch that turns
 * the plugin on or off for this browser.
 *
 * @example <LatchProvider kernel={kernel}><SignInCard /></LatchProvider>
 */
export function SignInCard(): ReactElement {
  const kernel = useKernel()
  const modal = useModal()
  const siwe = useKernelState((state) => state.plugins[SIWE_PLUGIN_ID] as SiweState | undefined)
  // The session of the active account and chain: after a switch the widget asks again.
  const session = useKernelState(() => (siwe ? getSiweSession(kernel) : undefined))
  const connected = useKernelState(
    (state) => state.activeNamespace === 'eip155' && state.accounts.eip155?.status === 'connected',
  )

  const state = !siwe ? 'off' : session ? 'signed-in' : siwe.status === 'signing' ? 'signing' : 'signed-out'
  return (
    <section className="card" aria-labelledby="sign-in-heading" data-testid="demo-sign-in" data-state={state}>
      <h2 id="sign-in-heading">Sign in with the wallet</h2>
      {!siwe && (
        <>
          <p className="muted">
            Off. Turned on, the widget asks your wallet to sign a message once you connect (Sign-In with
            Ethereum, EIP-4361); the local API server checks the signature and keeps the session, so the app
            knows who you are after a reload.
          </p>
          <div className="card-actions">
            <button type="button" onClick={() => flipSwitch('sign-in', true)}>
              Turn on sign-in
            </button>
            <span className="muted">reloads the page</span>
          </div>
        </>
      )}
      {siwe && session && (
        <>
          <p data-testid="demo-sign-in-status">
            Signed in as <span className="mono">{session.address}</span>
          </p>
          <p className="muted">
            Chain {session.chainId}
            {session.expirationTime && ` · until ${new Date(session.expirationTime).toLocaleString()}`}. Sign
            out ends the session on the server and disconnects the wallet.
          </p>
        </>
      )}
      {siwe && !session && (
        <p className="muted" data-testid="demo-sign-in-status">
          {state === 'signing'
            ? 'Waiting for the signature in your wallet…'
            : connected
              ? 'Not signed in.'
              : 'Not signed in. Connect a wallet: the widget then asks you to sign in.'}
        </p>
      )}
      {siwe && (
        <div className="card-actions">
          {session && (
            <button
              type="button"
              onClick={() => void signOut(kernel).catch((error) => console.error('sign-out failed', error))}
            >
              Sign out
            </button>
          )}
          {!session && connected && state !== 'signing' && (
            <button type="button" onClick={() => modal.open(SIWE_VIEW_ID)}>
              Sign in
            </button>
          )}
          <button type="button" className="quiet" onClick={() => flipSwitch('sign-in', false)}>
            Turn off sign-in
          </button>
        </div>
      )}
    </section>
  )
}
