/** What {@link spacedSearch} needs from the clock; fake timers or the real ones. */
export interface SearchClock {
  now(): number
  setTimeout(run: () => void, ms: number): unknown
  clearTimeout(timer: unknown): void
}

export interface SpacedSearchOptions<T> {
  /** Sends one search; `signal` aborts when a newer search goes out. */
  run(query: string, signal: AbortSignal): Promise<T>
  /** The answer to the newest search sent; never an older one. */
  onAnswer(query: string, answer: T): void
  /** The newest search sent failed. */
  onError(query: string, error: unknown): void
  /** Default 300 ms: the wait after the last keystroke and the least time between two searches. */
  gapMs?: number
  clock?: SearchClock
}

export interface SpacedSearch {
  /** The text changed: search it once typing pauses, and never sooner than the gap after the last search. */
  type(query: string): void
  /** Stops searching: a pending search is dropped and an answer on its way is ignored. */
  cancel(): void
}

/**
 * Added to the spacing (not to the debounce): two searches leave at least `gapMs` plus this
 * apart, so the server also sees them `gapMs` apart whatever the network's jitter.
 */
const SPACING_MARGIN_MS = 10

const realClock: SearchClock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
}

/**
 * A debounced search that also keeps its requests apart: each goes out `gapMs` after the
 * last keystroke and at least `gapMs` after the previous request, however the typing goes.
 * Only the newest request's answer is delivered: a slow older answer arriving later is
 * dropped, so it never replaces what a newer search found.
 *
 * @example
 * const search = spacedSearch({ run: (q, signal) => fetchWallets(kernel, { page: 1, entries: 100, search: q, signal }),
 *   onAnswer: (q, answer) => show(answer), onError: () => showError() })
 * input.oninput = () => search.type(input.value)
 */
export function spacedSearch<T>(options: SpacedSearchOptions<T>): SpacedSearch {
  const gap = options.gapMs ?? 300
  const clock = options.clock ?? realClock
  let timer: unknown
  let lastSentAt = Number.NEGATIVE_INFINITY
  // Each request gets a number; only the latest number's answer counts.
  let latest = 0
  let inFlight: AbortController | undefined

  const send = (query: string) => {
    timer = undefined
    lastSentAt = clock.now()
    const ticket = ++latest
    inFlight?.abort()
    const controller = new AbortController()
    inFlight = controller
    options.run(query, controller.signal).then(
      (answer) => {
        if (ticket === latest) options.onAnswer(query, answer)
      },
      (error: unknown) => {
        if (ticket === latest) options.onError(query, error)
      },
    )
  }

  const clearTimer = () => {
    if (timer !== undefined) clock.clearTimeout(timer)
    timer = undefined
  }

  return {
    type(query) {
      clearTimer()
      const wait = Math.max(gap, lastSentAt + gap + SPACING_MARGIN_MS - clock.now())
      timer = clock.setTimeout(() => send(query), wait)
    },
    cancel() {
      clearTimer()
      latest++
      inFlight?.abort()
      inFlight = undefined
    },
  }
}
