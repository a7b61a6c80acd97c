'use client'
import type { EmbeddedWalletService } from 'latchkit/plugins/embedded-wallet'
import { useKernel } from 'latchkit/react'
import { type ReactElement, useCallback, useRef } from 'react'
import { EMBEDDED_WALLET_SERVICE } from '../ids'

/**
 * The box the embedded wallet lays its frame over while the frame draws its own screen
 * (the recovery password, the wallet set-up): 0 px high until the frame shows, then as
 * high as it asked. The frame itself never moves into the view (that would reload it).
 */
export function FrameBox(): ReactElement {
  const kernel = useKernel()
  const remove = useRef<() => void>(undefined)
  const ref = useCallback(
    (element: HTMLDivElement | null) => {
      remove.current?.()
      remove.current = undefined
      const service = kernel.services.get(EMBEDDED_WALLET_SERVICE) as EmbeddedWalletService | undefined
      if (element && service) remove.current = service.setFramePlaceholder(element)
    },
    [kernel],
  )
  return <div ref={ref} data-latchkit-frame-placeholder="" style={{ width: '100%', height: 0 }} />
}
