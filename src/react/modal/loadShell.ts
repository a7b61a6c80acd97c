'use client'
import { useEffect, useReducer } from 'react'

/** The module of the first open: the dialog shell and the views a visitor sees first. */
type FirstOpen = typeof import('../views/firstOpen')

// The module cache, not per-kernel state: every kernel on the page shows the same code.
let loaded: FirstOpen | undefined
let loading: Promise<FirstOpen> | undefined

/**
 * Loads the dialog shell once (with the first views, see views/firstOpen.ts); a failed
 * load is tried again on the next call. `<LatchProvider>` starts it while the page is idle.
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
 * The shell once loaded. While `wanted` and not yet loaded it loads it and re-renders when
 * it lands. Read synchronously once loaded, so an open after the idle preload paints at
 * once; a suspending lazy() would hold the first paint back (React throttles reveals).
 */
export function useShell(wanted: boolean, onError: (error: unknown) => void): FirstOpen | undefined {
  const [, rerender] = useReducer((count: number) => count + 1, 0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: onError is read when the load settles
  useEffect(() => {
    if (!wanted || loaded) return
    let live = true
    loadShell().then(
      () => live && rerender(),
      (error: unknown) => live && onError(error),
    )
    return () => {
      live = false
    }
  }, [wanted])
  return loaded
}
