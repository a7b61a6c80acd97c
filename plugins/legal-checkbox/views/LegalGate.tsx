'use client'
import { lazy, type ReactElement, Suspense } from 'react'

const LegalCheckbox = lazy(() => import('./LegalCheckbox'))

/**
 * The legal checkbox's place on the Connect view: the checkbox loads in its own chunk and
 * waits in its own Suspense, so the ways to connect below (disabled meanwhile) never wait
 * for it.
 */
export function LegalGate(): ReactElement {
  return (
    <Suspense fallback={null}>
      <LegalCheckbox />
    </Suspense>
  )
}
