'use client'
import { useKernel } from 'latchkit/react'
import { useCallback, useEffect, useState } from 'react'
import { type FetchWalletsParameters, type FetchWalletsReturnType, fetchWallets } from '../fetchWallets'

export type RegistryRead =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'done'; answer: FetchWalletsReturnType }

/**
 * One registry page, read when the component mounts or `params` change (compared by
 * value), with `retry` after a failure. Rows that ask for the same page share one request
 * (the kernel's API cache).
 *
 * @example
 * const read = useRegistry({ page: 1, entries: 4 })
 */
export function useRegistry(params: FetchWalletsParameters | undefined): {
  read: RegistryRead
  retry: () => void
} {
  const kernel = useKernel()
  const [read, setRead] = useState<RegistryRead>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const key = params ? JSON.stringify(params) : ''
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for params, compared by value
  useEffect(() => {
    if (!params) return
    let current = true
    setRead({ status: 'loading' })
    fetchWallets(kernel, params).then(
      (answer) => current && setRead({ status: 'done', answer }),
      (error: unknown) => current && setRead({ status: 'failed', error }),
    )
    return () => {
      current = false
    }
  }, [kernel, key, attempt])
  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  return { read, retry }
}
