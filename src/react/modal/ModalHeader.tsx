'use client'
import { type ReactElement, useSyncExternalStore } from 'react'
import { useKernel } from '../context'
import { Icon } from '../icons'
import { useT } from '../useI18n'

/** The view the dialog shows, as useRoute() gives it (the dialog may show a preview). */
export interface Route {
  view: string | undefined
  params: Record<string, unknown>
  depth: number
}

/**
 * Title of the current view (an i18n key or plain text from its definition), a back
 * button when there is somewhere to go back to, and close.
 */
export function ModalHeader({ titleId, route }: { titleId: string; route: Route }): ReactElement {
  const kernel = useKernel()
  const t = useT()
  const { view: id, depth, params } = route
  useSyncExternalStore(kernel.views.subscribe, kernel.views.list, kernel.views.list)
  const view = id ? kernel.views.get(id) : undefined
  const values = Object.fromEntries(
    Object.entries(params).filter((entry): entry is [string, string | number] =>
      ['string', 'number'].includes(typeof entry[1]),
    ),
  )
  const title = view?.title ? t(view.title, values) : (id ?? '')
  const showBack = depth > 1 && !view?.hideBack
  return (
    <div className="lk-header">
      {showBack ? (
        <button
          type="button"
          className="lk-icon-btn"
          aria-label={t('modal.back')}
          onClick={kernel.router.goBack}
        >
          <Icon name="back" />
        </button>
      ) : (
        <span />
      )}
      {/* Keyed on the text so a new title fades in (over 120 ms). */}
      <h2 className="lk-title" id={titleId} key={title}>
        {title}
      </h2>
      <button
        type="button"
        className="lk-icon-btn"
        aria-label={t('modal.close')}
        onClick={() => kernel.close()}
      >
        <Icon name="close" />
      </button>
    </div>
  )
}
