'use client'
import type { Kernel } from 'latchkit'
import { useEffect, useRef } from 'react'

/** The second look after a transaction (4 s), once it is likely mined. */
export const AFTER_TX_RECHECK_MS = 4000

/**
 * Calls `refresh` when a transaction is sent (`tx:sent`), and again after
 * {@link AFTER_TX_RECHECK_MS}: the first read can precede the block that includes it.
 * Listeners and timers end with the component.
 *
 * @example
 * useRefreshAfterTransactions(kernel, () => refreshTokenBalances(kernel, { force: true }))
 */
export function useRefreshAfterTransactions(kernel: Kernel, refresh: () => void): void {
  const latest = useRef(refresh)
  latest.current = refresh
  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>()
    const off = kernel.bus.on('tx:sent', () => {
      latest.current()
      const timer = setTimeout(() => {
        timers.delete(timer)
        latest.current()
      }, AFTER_TX_RECHECK_MS)
      timers.add(timer)
    })
    return () => {
      off()
      for (const timer of timers) clearTimeout(timer)
    }
  }, [kernel])
}
