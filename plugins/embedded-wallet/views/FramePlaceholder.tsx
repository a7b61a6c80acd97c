'use client'
import { useKernel } from 'latchkit/react'
import { type ReactElement, useCallback, useRef } from 'react'
import type { EmbeddedWalletService } from '../authSession'
import { EMBEDDED_WALLET_PLUGIN_ID } from '../ids'

/**
 * The box the frame's own screen is laid over while the frame shows it (an approval, the
 * wallet set-up, the recovery): empty and 0 px high until then, then as high as the
 * frame asked. The iframe itself never moves into the view (that would reload it).
 *
 * @example
 * <FramePlaceholder />
 */
export function FramePlaceholder(): ReactElement {
  const kernel = useKernel()
  const remove = useRef<() => void>(undefined)
  const ref = useCallback(
    (element: HTMLDivElement | null) => {
      remove.current?.()
      remove.current = undefined
      const service = kernel.services.get(EMBEDDED_WALLET_PLUGIN_ID) as EmbeddedWalletService | undefined
      if (element && service) remove.current = service.setFramePlaceholder(element)
    },
    [kernel],
  )
  return <div ref={ref} data-latchkit-frame-placeholder="" style={{ width: '100%', height: 0 }} />
}
