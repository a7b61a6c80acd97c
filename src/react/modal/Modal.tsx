'use client'
import type { ReactElement } from 'react'
import { createPortal } from 'react-dom'
import { themeStyle } from '../theme'
import { themeTokens } from '../tokens'
import { useKernelState } from '../useKernelState'
import { Dialog } from './Dialog'
import { Snackbar } from './Snackbar'
import { useShadowContainer } from './useShadowContainer'

/**
 * The widget's modal and snackbar, portalled into a shadow root so host CSS cannot break
 * them and theirs cannot leak. Themed by the kernel's `theme` state, live. Renders
 * nothing on the server. `<LatchProvider>` mounts it; there is no need to render it.
 */
export function Modal(): ReactElement | null {
  const container = useShadowContainer()
  const { theme, isOpen } = useKernelState((state) => ({ theme: state.theme, isOpen: state.modal.open }))
  if (!container) return null
  const style = { ...themeTokens[theme.mode], ...themeStyle(theme.variables) }
  return createPortal(
    <div className="lk-root" data-theme={theme.mode} style={style}>
      {isOpen && <Dialog />}
      <Snackbar />
    </div>,
    container,
  )
}
