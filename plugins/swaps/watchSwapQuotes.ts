import type { Kernel } from 'latchkit'
import { swapsSlice } from './slice'
import { quoteKey, updateSwapQuote } from './updateSwapQuote'

/**
 * Keeps the slice's quote current while something (the Swap view) watches: asked
 * `quoteDebounceMs` after the form last changed, not on every keystroke, then again every
 * `quoteRefreshMs` while the form stays as it is. Returns the function that stops it.
 *
 * @example
 * const stop = watchSwapQuotes(kernel)
 * // ... the visitor types; quotes follow
 * stop()
 */
export function watchSwapQuotes(kernel: Kernel): () => void {
  const slice = swapsSlice(kernel)
  let timer: ReturnType<typeof setTimeout> | undefined
  let stopped = false
  let key = quoteKey(slice.get())

  const run = async () => {
    timer = undefined
    await updateSwapQuote(kernel)
    if (stopped || timer !== undefined) return
    timer = setTimeout(run, slice.get().settings.quoteRefreshMs)
  }
  const schedule = () => {
    if (timer !== undefined) clearTimeout(timer)
    const state = slice.get()
    // Say at once that a quote is coming, so a stale one is never read as current.
    const coming = Boolean(
      state.sourceToken && state.toToken && (state.maxAmount ?? state.sourceTokenAmount).trim(),
    )
    if (state.quote || state.quoteProblem || state.loadingQuote !== coming) {
      slice.set((draft) => {
        draft.quote = undefined
        draft.quoteProblem = undefined
        draft.loadingQuote = coming
      })
    }
    timer = setTimeout(run, state.settings.quoteDebounceMs)
  }
  const unsubscribe = kernel.subscribe(() => {
    const next = quoteKey(slice.get())
    if (next === key) return
    key = next
    schedule()
  })
  // A quote already in for the form (the preview opened over the Swap view) is kept and
  // only refreshed; anything else is asked for.
  const initial = slice.get()
  if (initial.quote && !initial.quoteProblem) timer = setTimeout(run, initial.settings.quoteRefreshMs)
  else schedule()
  return () => {
    stopped = true
    unsubscribe()
    if (timer !== undefined) clearTimeout(timer)
  }
}
