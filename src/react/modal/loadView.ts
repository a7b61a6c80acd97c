import type { Kernel, ViewDefinition } from 'latchkit'
import { type ComponentType, isValidElementType } from './isComponent'

/** A promise that React's `use` can read synchronously once settled. */
type TrackedPromise<T> = Promise<T> & { status?: 'fulfilled' | 'rejected'; value?: T; reason?: unknown }

// Keyed by definition: a view registered again (or by another kernel) loads afresh.
const loaded = new WeakMap<ViewDefinition, TrackedPromise<ComponentType>>()

/**
 * Loads a view's module once and resolves with its component: the module's default
 * export, or the module itself when it is a component.
 */
export function loadView(view: ViewDefinition): Promise<ComponentType> {
  const cached = loaded.get(view)
  if (cached) return cached
  const promise: TrackedPromise<ComponentType> = Promise.resolve()
    .then(() => view.load())
    .then((module) => {
      const component = (module as { default?: unknown } | null)?.default ?? module
      if (!isValidElementType(component)) {
        throw new Error(`View "${view.id}" did not export a React component as default`)
      }
      return component
    })
  // Marked as React marks promises it has seen, so a loaded view renders without a flash.
  // (Block bodies: returning the promise itself from its own handler would re-raise.)
  promise.then(
    (value) => {
      Object.assign(promise, { status: 'fulfilled', value })
    },
    (reason) => {
      Object.assign(promise, { status: 'rejected', reason })
    },
  )
  loaded.set(view, promise)
  return promise
}

/** Drops a failed load so the next render tries again (Retry). */
export function forgetView(view: ViewDefinition): void {
  loaded.delete(view)
}

/**
 * Starts loading a view before it is shown (e.g. Connect, right after start-up).
 *
 * @example
 * preloadView(kernel, 'Connect')
 */
export function preloadView(kernel: Kernel, id: string): void {
  const view = kernel.views.get(id)
  if (view) loadView(view).catch(() => forgetView(view))
}
