'use client'
import { isUserRejection } from 'latchkit'
import { type ReactElement, useEffect } from 'react'
import {
  currentAttempt,
  describeFailure,
  Icon,
  startConnect,
  useConnectAttempt,
  useConnectors,
  useKernel,
  useRoute,
  useT,
  WalletIcon,
} from './kit'

/**
 * ConnectingExternal (params `{ connectorId }`): waiting for the wallet, declined, or
 * failed, with Retry; Cancel returns to Connect.
 */
export default function ConnectingExternalView(): ReactElement {
  const kernel = useKernel()
  const t = useT()
  const { params, depth } = useRoute<{ connectorId: string }>()
  const connectorId = typeof params.connectorId === 'string' ? params.connectorId : ''
  const connector = useConnectors().find((c) => c.id === connectorId)
  const attempt = useConnectAttempt()

  // Opened directly (not from the Connect view): start the attempt here, once.
  useEffect(() => {
    if (connectorId && currentAttempt(kernel)?.connectorId !== connectorId) startConnect(kernel, connectorId)
  }, [kernel, connectorId])

  const failed = attempt?.connectorId === connectorId && attempt.status === 'failed'
  const declined = failed && isUserRejection(attempt.error)
  const name = connector?.name ?? connectorId
  const cancel = () => (depth > 1 ? kernel.router.goBack() : kernel.router.replace('Connect'))

  let heading = t('connectingExternal.waiting', { name })
  let hint = t('connectingExternal.waitingHint')
  if (declined) {
    heading = t('connectingExternal.declined')
    hint = t('connectingExternal.declinedHint')
  } else if (failed) {
    heading = t('connectingExternal.failed')
    hint = describeFailure(attempt.error, String((attempt.error as Error)?.message ?? ''), t)
  }

  return (
    <div className="lk-center" data-state={declined ? 'declined' : failed ? 'failed' : 'waiting'}>
      {failed ? (
        <span className="lk-error">
          <Icon name="alert" size={32} />
        </span>
      ) : (
        <span className="lk-spinner" aria-hidden="true" />
      )}
      <WalletIcon url={connector?.imageUrl} size={48} />
      <p role={failed ? 'alert' : undefined} className={failed ? 'lk-error' : undefined}>
        <strong>{heading}</strong>
      </p>
      <p className="lk-muted">{hint}</p>
      <div className="lk-actions">
        {failed && (
          <button type="button" className="lk-primary" onClick={() => startConnect(kernel, connectorId)}>
            {t('connectingExternal.retry')}
          </button>
        )}
        <button type="button" className="lk-secondary" onClick={cancel}>
          {t('connectingExternal.cancel')}
        </button>
      </div>
    </div>
  )
}
