'use client'
import { truncateAddress, useKernel, useKernelState, useT } from 'latchkit/react'
import type { ReactElement } from 'react'
import { SIWE_PLUGIN_ID } from '../ids'
import { siweController } from '../siweController'
import type { SiweState } from '../types'

/**
 * ConnectingSiwe: asks the visitor to sign the sign-in message, shows
 * 'Authenticating...' while the wallet signs and the verifier checks, and why it failed
 * ('Signature declined', ...) when it did. Cancel disconnects when sign-in is required, else only closes.
 * When the app's server has no verifier, it says 'Sign-in is not available in this app' and
 * offers no Sign.
 */
export default function ConnectingSiweView(): ReactElement {
  const kernel = useKernel()
  const t = useT()
  const controller = siweController(kernel)
  const { status, error, required, unavailable } = useKernelState(
    (state) => state.plugins[SIWE_PLUGIN_ID] as SiweState,
  )
  const address = useKernelState((state) => state.accounts.eip155?.address)
  const signing = status === 'signing'
  const name = kernel.options.metadata?.name ?? t('siwe.thisApp')

  return (
    <div
      className="lk-center"
      data-state={unavailable ? 'unavailable' : signing ? 'signing' : error ? 'failed' : 'idle'}
    >
      {signing && <span className="lk-spinner" aria-hidden="true" />}
      <p>
        <strong>{t('siwe.heading', { name })}</strong>
      </p>
      {address && (
        <p className="lk-muted" title={address}>
          {truncateAddress(address)}
        </p>
      )}
      <p className="lk-muted">{t(required ? 'siwe.hintRequired' : 'siwe.hint')}</p>
      {unavailable && (
        <p role="status" className="lk-muted">
          {t('siwe.notServed')}
        </p>
      )}
      {error && !signing && !unavailable && (
        <p role="alert" className="lk-error">
          {t(`siwe.error.${error.code}`)}
        </p>
      )}
      <div className="lk-actions">
        <button
          type="button"
          className="lk-secondary"
          onClick={() => void controller.cancel().catch(() => {})}
        >
          {t('siwe.cancel')}
        </button>
        <button
          type="button"
          className="lk-primary"
          disabled={signing || unavailable}
          aria-busy={signing}
          // Failures land in the plugin state, which this view shows.
          onClick={() => void controller.signIn().catch(() => {})}
        >
          {signing ? t('siwe.authenticating') : t('siwe.sign')}
        </button>
      </div>
    </div>
  )
}
