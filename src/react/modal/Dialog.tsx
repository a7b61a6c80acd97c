'use client'
import { type ReactElement, useId, useRef } from 'react'
import { useKernel } from '../context'
import { dialogCss } from '../dialogStyles'
import { useKernelState } from '../useKernelState'
import { ModalHeader } from './ModalHeader'
import { useAnimatedHeight } from './useAnimatedHeight'
import { useFocusTrap } from './useFocusTrap'
import { ViewOutlet } from './ViewOutlet'

/**
 * The open modal: an overlay and a labelled, focus-trapping dialog. Escape, the close
 * button and a click on the overlay all go through kernel.close(), so close guards apply.
 * It brings its own stylesheet and the core views', which load with it.
 */
export function Dialog(): ReactElement {
  const kernel = useKernel()
  const titleId = useId()
  const dialog = useRef<HTMLDivElement>(null)
  const location = useKernelState(
    (state) => `${state.modal.history.length}:${state.modal.history.at(-1)?.view}`,
  )
  useFocusTrap(dialog, () => kernel.close(), location)
  const [content, height] = useAnimatedHeight<HTMLDivElement>()

  return (
    <>
      <style>{dialogCss}</style>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut; Escape and the close button serve the keyboard */}
      <div
        className="lk-overlay"
        onMouseDown={(event) => {
          if (event.target === event.currentTarget) kernel.close()
        }}
      >
        <div
          ref={dialog}
          className="lk-dialog"
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          tabIndex={-1}
        >
          <ModalHeader titleId={titleId} />
          <div className="lk-body" style={height === undefined ? undefined : { height }}>
            <div className="lk-content" ref={content}>
              <ViewOutlet />
            </div>
          </div>
        </div>
      </div>
    </>
  )
}
