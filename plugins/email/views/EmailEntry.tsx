'use client'
import { lazy, type ReactElement, Suspense } from 'react'

const EmailField = lazy(() => import('./EmailField'))

/**
 * The email connect method on the Connect view: the field loads in its own chunk and
 * waits in its own Suspense, so the wallet list below never waits for it.
 */
export default function EmailEntry(): ReactElement {
  return (
    <Suspense fallback={null}>
      <EmailField />
    </Suspense>
  )
}
