/**
 * Runs inside the activity bench page (bench/apps/latchkit-activity.tsx), bundled with it:
 * lands a page of transactions in the history slice the way `loadTransactions` does and
 * times the list's first painted frame, then scrolls the list and records every frame.
 * Times are taken in the page with requestAnimationFrame, so no round trip to the driver
 * lands inside a measurement.
 */
import type { Kernel } from 'latchkit'
import { groupTransactions } from '../../plugins/history/groupTransactions'
import { landHistoryPage } from '../../plugins/history/landHistoryPage'
import { historySlice } from '../../plugins/history/slice'
import type { HistoryTransaction } from '../../plugins/history/state'
import { visibleTransactions } from '../../plugins/history/visibleTransactions'

/** The list's scroll container once it virtualizes (50 rows or more). */
export const VIRTUAL_LIST_SELECTOR = '[data-latchkit="activity-list"][data-virtual="true"]'
const MODAL_HOST = 'latchkit-modal'

export interface ActivityLandTimings {
  /** Transactions in the page that landed, spam-only ones and all. */
  received: number
  /** What the slice kept (`visibleTransactions`): the rows of the list, months aside. */
  kept: number
  /** `visibleTransactions` inside the slice's update. */
  visibleMs: number
  /** The whole slice update: `visibleTransactions`, immer's copy and freeze, the store's listeners. */
  storeMs: number
  /** State change to the first DOM change of the list (React's render and commit). */
  commitMs: number
  /** State change to the first painted frame showing the virtual list. */
  paintMs: number
  /** `groupTransactions` alone over the kept transactions, run after the timing (part of the render). */
  groupMs: number
  /** Month headings and transaction rows the list is made of, and how many are in the document. */
  listRows: number
  mountedRows: number
}

export interface ActivityScrollTimings {
  /** Pixels the scroll position moved by in every frame. */
  stepPx: number
  /** The list's scroll height at the end (rows are measured as they mount, so it moves). */
  scrollHeight: number
  /** Time between consecutive animation frames while scrolling, ms, in order. */
  frameIntervals: number[]
  /** The highest row index the list had in the document: the last one when it reached the end. */
  lastRowIndex: number
}

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve))

/** Resolves after the current frame has painted: a task queued from rAF runs after paint. */
const afterPaint = () =>
  new Promise<number>((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => resolve(performance.now())
    channel.port2.postMessage(undefined)
  })

function modalRoot(): ShadowRoot {
  const root = document.querySelector(MODAL_HOST)?.shadowRoot
  if (!root) throw new Error(`the modal (${MODAL_HOST}) is not mounted`)
  return root
}

/** The virtual list's scroll container in the modal, or null while it is not rendered. */
export function virtualList(): HTMLElement | null {
  return modalRoot().querySelector<HTMLElement>(VIRTUAL_LIST_SELECTOR)
}

const rowIndexes = (list: HTMLElement) =>
  [...list.querySelectorAll<HTMLElement>('[data-index]')].map((row) => Number(row.dataset.index))

/**
 * Puts `transactions` in the history slice as a fetched first page lands (the same update
 * as `loadTransactions`: `visibleTransactions`, then the slice) and times it to the first
 * painted frame showing the virtual list.
 *
 * @example
 * const timings = await landTransactions(kernel, transactions, 'eip155:1')
 * timings.paintMs // state change -> list painted
 */
export async function landTransactions(
  kernel: Kernel,
  transactions: readonly HistoryTransaction[],
  caipNetworkId: string,
  timeoutMs = 10_000,
): Promise<ActivityLandTimings> {
  const slice = historySlice(kernel)
  const root = modalRoot()
  let committedAt: number | undefined
  // A mutation observer's callback runs in the microtask after React's commit.
  const observer = new MutationObserver(() => {
    committedAt ??= performance.now()
  })
  observer.observe(root, { childList: true, subtree: true })
  // visibleTransactions alone, before the clock starts, for the breakdown; the landing
  // (landHistoryPage, as loadTransactions lands a page) runs it again.
  const before = performance.now()
  visibleTransactions(transactions, caipNetworkId)
  const visibleMs = performance.now() - before
  const start = performance.now()
  landHistoryPage(kernel, { page: 'first', transactions, next: undefined, caipNetworkId })
  const stored = performance.now()
  try {
    for (;;) {
      await nextFrame()
      if (virtualList()) break
      if (performance.now() - start > timeoutMs)
        throw new Error(`no virtual list ${timeoutMs} ms after the state change`)
    }
    const painted = await afterPaint()
    observer.disconnect()
    const list = virtualList() as HTMLElement
    const kept = slice.get().transactions
    const groupStart = performance.now()
    const months = groupTransactions(kept).length
    const groupMs = performance.now() - groupStart
    return {
      received: transactions.length,
      kept: kept.length,
      visibleMs,
      storeMs: stored - start,
      commitMs: (committedAt ?? painted) - start,
      paintMs: painted - start,
      groupMs,
      listRows: kept.length + months,
      mountedRows: rowIndexes(list).length,
    }
  } finally {
    observer.disconnect()
  }
}

/**
 * Scrolls the virtual list from top to bottom, `stepPx` further in every animation frame
 * (a steady fling, not the browser's smooth scrolling), and records how long each frame
 * took: a frame over 16.7 ms is one the list held up.
 *
 * @example
 * const { frameIntervals } = await scrollActivityList(60)
 */
export async function scrollActivityList(
  stepPx: number,
  timeoutMs = 600_000,
): Promise<ActivityScrollTimings> {
  const list = virtualList()
  if (!list) throw new Error('the virtual activity list is not rendered')
  list.scrollTop = 0
  await nextFrame()
  const frameIntervals: number[] = []
  let last = await nextFrame()
  const start = last
  while (list.scrollTop + list.clientHeight < list.scrollHeight - 1) {
    list.scrollTop += stepPx
    const now = await nextFrame()
    frameIntervals.push(now - last)
    last = now
    if (now - start > timeoutMs) throw new Error(`the list did not reach its end in ${timeoutMs} ms`)
  }
  // The rows of the last position mount in the frame after it.
  await nextFrame()
  return {
    stepPx,
    scrollHeight: list.scrollHeight,
    frameIntervals,
    lastRowIndex: Math.max(...rowIndexes(list)),
  }
}

/**
 * Frame intervals while nothing happens: the page's floor, to read the scroll's against
 * (a busy machine or a browser that cannot keep 60 Hz shows here first).
 *
 * @example
 * const intervals = await idleFrames(60)
 */
export async function idleFrames(count: number): Promise<number[]> {
  const intervals: number[] = []
  let last = await nextFrame()
  for (let i = 0; i < count; i++) {
    const now = await nextFrame()
    intervals.push(now - last)
    last = now
  }
  return intervals
}
