'use client'
import { useKernel, useT } from 'latchkit/react'
import type { ReactElement } from 'react'
import { FARCASTER_VIEWS } from '../ids'
import { farcasterCss } from './farcasterCss'

/** The Farcaster connect method on the Connect view: one button to the sign-in code. */
export default function FarcasterEntry(): ReactElement {
  const kernel = useKernel()
  const t = useT()
  return (
    <div className="lk-stack" data-latchkit="farcaster-login">
      <style>{farcasterCss}</style>
      <button
        type="button"
        className="lk-secondary"
        onClick={() => kernel.router.push(FARCASTER_VIEWS.connecting)}
        data-latchkit="farcaster-continue"
      >
        <span className="lk-fc-mark" aria-hidden="true">
          F
        </span>
        {t('farcaster.continue')}
      </button>
    </div>
  )
}
