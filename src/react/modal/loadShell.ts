'use client'
import type { Kernel } from 'latchkit'
import { useEffect, useReducer } from 'react'
import type { PreloadableComponent } from '../preloadable'
import { preloadView } from './loadView'

/** The module of the first open: the dialog shell and the views a visitor sees first. */
type FirstOpen = typeof import('../views/firstOpen')

// The module cache, not per-kernel state: every kernel on the page shows the same code.
let loaded: FirstOpen | undefined
let loading: Promise<FirstOpen> | undefined

/**
 * Loads the dialog shell once (with the first views, see views/firstOpen.ts); a failed
 * load is tried again on the next call. `<LatchProvider>` starts it (see preloadModal).
 */
export function loadShell(): Promise<FirstOpen> {
  loading ??= import('../views/firstOpen').then(
    (module) => {
      loaded = module
      return module
    },
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

/**
 * Starts loading the modal and the view `open()` would show (Connect with its slots'
 * preloadable components, and Account once connected), in the browser only (the server
 * renders no modal). Called from `<LatchProvider>`'s render, as React's own
 * `preloadModule` is, rather than from an effect or a timer: the first render is the
 * earliest moment, and a visitor may click as soon as the button paints. Idempotent, so
 * re-renders cost a lookup; with the page's modulepreload links (see
 * scripts/modulepreload.mjs) the files are already on their way and this only runs them.
 *
 * @example
 * preloadModal(kernel)
 */
export function preloadModal(kernel: Kernel): void {
  if (typeof document === 'undefined') return
  loadShell()
    .then((shell) => registerModalStrings(kernel, shell))
    .catch(() => {})
  // Connect always: the dialog prerenders it (Dialog.tsx). With it what plugins put on it
  // (an email field, WalletConnect's row) when they made it preloadable, which the view
  // would otherwise load only once a click shows it, the whole view waiting.
  preloadView(kernel, 'Connect')
  for (const { component } of [
    ...kernel.slots.list('connectMethods'),
    ...kernel.slots.list('connectorTypes'),
  ])
    (component as Partial<PreloadableComponent> | undefined)?.preload?.()
  if (kernel.getState().status === 'connected') preloadView(kernel, 'Account')
}

const withModalStrings = new WeakSet<Kernel>()

/**
 * Registers the modal's strings, which come with the shell, once per kernel. Outside any
 * render (registering changes every translated component), and before the shell's first
 * render: preloadModal's registration runs ahead of useShell's re-render.
 *
 * @example loadShell().then((shell) => registerModalStrings(kernel, shell))
 */
export function registerModalStrings(kernel: Kernel, shell: FirstOpen): void {
  if (withModalStrings.has(kernel)) return
  withModalStrings.add(kernel)
  kernel.i18n.register(shell.modalStrings)
}

/** True once the kernel has the modal's strings (see registerModalStrings). */
export function hasModalStrings(kernel: Kernel): boolean {
  return withModalStrings.has(kernel)
}

/**
 * The shell once loaded, re-rendering when it lands. While `wanted` (the modal is open)
 * and not loaded, it loads it and reports a failure; otherwise it waits for the load
 * preloadModal started, quietly, so the modal can put the dialog's stylesheet in place
 * before the first open. Read synchronously once loaded, so an open after the preload
 * paints at once; a suspending lazy() would hold the first paint back (React throttles
 * reveals).
 */
export function useShell(wanted: boolean, onError: (error: unknown) => void): FirstOpen | undefined {
  const [, rerender] = useReducer((count: number) => count + 1, 0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: onError is read when the load settles
  useEffect(() => {
    if (loaded || (!wanted && !loading)) return
    let live = true
    loadShell().then(
      () => live && rerender(),
      (error: unknown) => live && wanted && onError(error),
    )
    return () => {
      live = false
    }
  }, [wanted])
  return loaded
}
