'use client'
import { connect, type Kernel } from 'latchkit'
import { useCallback, useSyncExternalStore } from 'react'
import { useKernel } from '../context'

/** The wallet connection the Connect view started, as the ConnectingExternal view shows it. */
export interface ConnectAttempt {
  connectorId: string
  status: 'pending' | 'failed' | 'connected'
  error?: unknown
}

interface Tracker {
  current: ConnectAttempt | undefined
  listeners: Set<() => void>
}

// Per kernel, held weakly: the attempt lives exactly as long as its kernel.
const trackers = new WeakMap<Kernel, Tracker>()

function trackerOf(kernel: Kernel): Tracker {
  const existing = trackers.get(kernel)
  if (existing) return existing
  const tracker: Tracker = { current: undefined, listeners: new Set() }
  trackers.set(kernel, tracker)
  return tracker
}

function publish(tracker: Tracker, attempt: ConnectAttempt): void {
  tracker.current = attempt
  for (const listener of [...tracker.listeners]) listener()
}

/** The latest attempt on this kernel. */
export function currentAttempt(kernel: Kernel): ConnectAttempt | undefined {
  return trackerOf(kernel).current
}

/**
 * Runs the kernel's `connect` action for a wallet the visitor picked and records how it
 * went. On success the modal closes (as AppKit does), unless something else took over
 * the modal meanwhile: UnsupportedChain, a sign-in view, or the visitor moved away.
 */
export function startConnect(kernel: Kernel, connectorId: string): void {
  const tracker = trackerOf(kernel)
  const attempt: ConnectAttempt = { connectorId, status: 'pending' }
  publish(tracker, attempt)
  connect(kernel, { connectorId }).then(
    () => {
      if (tracker.current === attempt) publish(tracker, { connectorId, status: 'connected' })
      const view = kernel.router.current()
      if (view?.view === 'ConnectingExternal' && view.params?.connectorId === connectorId) kernel.close()
    },
    (error: unknown) => {
      if (tracker.current === attempt) publish(tracker, { connectorId, status: 'failed', error })
    },
  )
}

/** The latest attempt, re-rendering as it settles. */
export function useConnectAttempt(): ConnectAttempt | undefined {
  const kernel = useKernel()
  const tracker = trackerOf(kernel)
  const subscribe = useCallback(
    (listener: () => void) => {
      tracker.listeners.add(listener)
      return () => tracker.listeners.delete(listener)
    },
    [tracker],
  )
  const read = () => tracker.current
  return useSyncExternalStore(subscribe, read, read)
}
