'use client'
import { type ComponentType, createElement, type ReactElement, use } from 'react'

/** A component whose code loads on its first render, or before it through `preload()`. */
export type PreloadableComponent<P extends object = object> = ComponentType<P> & {
  /** Starts loading its code, once (again after a failure), and resolves with the component. */
  preload(): Promise<ComponentType<P>>
}

/** A promise marked as React marks those it has seen, so `use` reads it at once when settled. */
type TrackedPromise<T> = Promise<T> & { status?: 'fulfilled' | 'rejected'; value?: T; reason?: unknown }

/**
 * React.lazy with a `preload()`: a plugin's part of the Connect view (an email field, a
 * row of wallets) made with it is loaded when the widget preloads the modal, in the first
 * render of `<LatchProvider>`, instead of when a visitor's click first shows the view. The
 * widget preloads every `component` of the `connectMethods` and `connectorTypes` slots
 * that has one. Once loaded it renders at once, without suspending; a failed load is
 * tried again by the next preload.
 *
 * @example
 * ctx.slots.contribute('connectMethods', {
 *   id: 'email', order: 100, label: 'email.label',
 *   component: preloadable(() => import('./EmailEntry')),
 * })
 */
export function preloadable<P extends object = object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): PreloadableComponent<P> {
  let loading: TrackedPromise<ComponentType<P>> | undefined
  const preload = (): Promise<ComponentType<P>> => {
    if (loading && loading.status !== 'rejected') return loading
    // The load starts now (a throw becomes a rejection), not a tick later.
    const promise: TrackedPromise<ComponentType<P>> = new Promise<{ default: ComponentType<P> }>((resolve) =>
      resolve(load()),
    ).then((module) => module.default)
    // Block bodies: returning the promise itself from its own handler would re-raise.
    promise.then(
      (value) => {
        Object.assign(promise, { status: 'fulfilled', value })
      },
      (reason: unknown) => {
        Object.assign(promise, { status: 'rejected', reason })
      },
    )
    loading = promise
    return promise
  }
  // biome-ignore lint/correctness/noComponentHookFactories: a factory like React.lazy, called once per contribution, never in a render
  function Preloadable(props: P): ReactElement {
    // A failed load stays failed here, as with React.lazy, so the error shows instead of
    // loading again on every render; the next preload() tries again.
    return createElement(use(loading ?? preload()), props)
  }
  return Object.assign(Preloadable, { preload })
}
