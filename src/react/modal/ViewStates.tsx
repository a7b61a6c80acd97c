'use client'
import type { ReactElement } from 'react'
import { Icon } from '../icons'
import { useT } from '../useI18n'

/** Placeholder rows while a view's code loads. */
export function ViewSkeleton(): ReactElement {
  const t = useT()
  return (
    <div className="lk-stack" aria-busy="true" data-latchkit="skeleton">
      <span className="lk-sr">{t('modal.loading')}</span>
      <div className="lk-skeleton" />
      <div className="lk-skeleton" />
      <div className="lk-skeleton" />
    </div>
  )
}

/** A view that cannot be shown: says why, and offers Retry when trying again can help. */
export function ViewError({ message, onRetry }: { message: string; onRetry?: () => void }): ReactElement {
  const t = useT()
  return (
    <div className="lk-center" role="alert">
      <span className="lk-error">
        <Icon name="alert" size={32} />
      </span>
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="lk-primary" onClick={onRetry}>
          {t('modal.retry')}
        </button>
      )}
    </div>
  )
}
