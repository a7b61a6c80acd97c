'use client'
import type { ViewDefinition } from 'latchkit'
import { type ReactElement, Suspense, use, useSyncExternalStore } from 'react'
import { useKernel } from '../context'
import { useT } from '../useI18n'
// Through the views' kit, as the views reach it: a module of its own otherwise (kit.ts).
import { forgetView, loadView } from '../views/kit'
import type { Route } from './ModalHeader'
import { ViewBoundary } from './ViewBoundary'
import { ViewError, ViewSkeleton } from './ViewStates'

function LoadedView({ view }: { view: ViewDefinition }): ReactElement {
  const Component = use(loadView(view))
  return <Component />
}

/**
 * Renders the view on top of the history: loaded lazily through the view registry, a
 * skeleton meanwhile, an error state with Retry when loading fails, and a clear message
 * for an id nobody registered. Each navigation remounts it, which plays the 150 ms
 * view transition.
 */
export function ViewOutlet({ route }: { route: Route }): ReactElement {
  const { views, logger } = useKernel()
  const t = useT()
  const { view: id, depth } = route
  // A plugin may register its view after the modal opened on it.
  useSyncExternalStore(views.subscribe, views.list, views.list)
  const view = id ? views.get(id) : undefined
  return (
    <div className="lk-view" key={`${depth}:${id}`} data-view={id}>
      {view ? (
        <ViewBoundary
          onRetry={() => forgetView(view)}
          onError={(error) => logger.error(`view "${view.id}" failed`, error)}
          fallback={(retry) => <ViewError message={t('modal.viewFailed')} onRetry={retry} />}
        >
          <Suspense fallback={<ViewSkeleton />}>
            <LoadedView view={view} />
          </Suspense>
        </ViewBoundary>
      ) : (
        <ViewError message={t('modal.viewMissing', { view: id ?? '' })} />
      )}
    </div>
  )
}
