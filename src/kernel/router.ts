import type { Bus } from './bus'
import { ConfigError } from './errors'
import { createRegistry, type Registry } from './registry'
import type { KernelStore, RouterEntry } from './store'

/**
 * A view: an open string id and a lazy loader. The kernel never looks inside what `load`
 * returns; the UI binding (React) renders it.
 *
 * @example
 * views.register({ id: 'Send', title: 'send.title', load: () => import('./SendView') })
 */
export interface ViewDefinition {
  id: string
  load: () => Promise<unknown>
  /** An i18n key (or plain text) for the header. */
  title?: string
  /** Hides the back button (e.g. a view that is a dead end by design). */
  hideBack?: boolean
}

/** Returns false (or a reason string) to keep the modal open. */
export type CloseGuard = () => boolean | string

export interface Router {
  push(view: string, params?: RouterEntry['params']): void
  replace(view: string, params?: RouterEntry['params']): void
  reset(view: string, params?: RouterEntry['params']): void
  /** Pops one view; from the first view it closes the modal. */
  goBack(): void
  current(): RouterEntry | undefined
  /** Opens the modal on `view`. */
  open(view: string, params?: RouterEntry['params']): void
  /** Closes unless a guard objects; returns whether the modal closed. */
  close(): boolean
  /** Adds a guard that can block closing (e.g. while sign-in is required). */
  addCloseGuard(guard: CloseGuard): () => void
  /** Reasons given by the guards that currently block closing. */
  closeBlockers(): string[]
}

export type ViewRegistry = Registry<ViewDefinition> & {
  register(view: ViewDefinition): () => void
}

export function createViewRegistry(): ViewRegistry {
  const registry = createRegistry<ViewDefinition>()
  return Object.assign(registry, {
    register(view: ViewDefinition) {
      if (!view || typeof view.id !== 'string' || typeof view.load !== 'function') {
        throw new ConfigError('A view needs a string `id` and a `load` function', {
          code: 'INVALID_OPTIONS',
          details: 'views.register({ id: "MyView", load: () => import("./MyView") })',
        })
      }
      return registry.add(view.id, view)
    },
  })
}

export function createRouter(store: KernelStore, bus: Bus): Router {
  const guards = new Set<CloseGuard>()

  const navigate = (action: 'push' | 'replace' | 'reset', view: string, params?: RouterEntry['params']) => {
    store.setState((draft) => {
      const entry: RouterEntry = params ? { view, params } : { view }
      if (action === 'push') draft.modal.history.push(entry)
      else if (action === 'replace' && draft.modal.history.length > 0)
        draft.modal.history[draft.modal.history.length - 1] = entry
      else draft.modal.history = [entry]
    })
    bus.emit('view:change', { view, action })
  }

  const closeBlockers = () =>
    [...guards]
      .map((guard) => guard())
      .filter((result) => result !== true)
      .map((result) => (typeof result === 'string' ? result : 'blocked'))

  const router: Router = {
    push: (view, params) => navigate('push', view, params),
    replace: (view, params) => navigate('replace', view, params),
    reset: (view, params) => navigate('reset', view, params),
    goBack() {
      const { history } = store.getState().modal
      if (history.length <= 1) {
        router.close()
        return
      }
      store.setState((draft) => {
        draft.modal.history.pop()
      })
      const view = store.getState().modal.history.at(-1)?.view
      if (view) bus.emit('view:change', { view, action: 'back' })
    },
    current: () => store.getState().modal.history.at(-1),
    open(view, params) {
      store.setState((draft) => {
        draft.modal.open = true
        draft.modal.history = [params ? { view, params } : { view }]
      })
      bus.emit('modal:open', { view })
    },
    close() {
      if (!store.getState().modal.open) return true
      if (closeBlockers().length > 0) return false
      const view = router.current()?.view
      store.setState((draft) => {
        draft.modal.open = false
        draft.modal.history = []
      })
      bus.emit('modal:close', { view })
      return true
    },
    addCloseGuard(guard) {
      guards.add(guard)
      return () => guards.delete(guard)
    },
    closeBlockers,
  }
  return router
}
