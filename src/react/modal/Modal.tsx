'use client'
import type { ReactElement } from 'react'
import { createPortal } from 'react-dom'
import { useKernel } from '../context'
import { themeProperties } from '../theme'
import { useT } from '../useI18n'
import { useKernelState } from '../useKernelState'
import { hasModalStrings, useShell } from './loadShell'
import { Snackbar } from './Snackbar'
import { useShadowContainer } from './useShadowContainer'

/**
 * The widget's modal and snackbar, portalled into a shadow root so host CSS cannot break
 * them and theirs cannot leak. Themed by the kernel's `theme` state, live. Renders
 * nothing on the server. The dialog itself and its stylesheet load with the first views
 * (see loadShell.ts).
 * `<LatchProvider>` mounts it; there is no need to render it.
 */
export function Modal(): ReactElement | null {
  const kernel = useKernel()
  const container = useShadowContainer()
  const { theme, isOpen } = useKernelState((state) => ({ theme: state.theme, isOpen: state.modal.open }))
  const shell = useShell(isOpen && container !== null, (error) => {
    // Nothing to show: say so, and close so that the next open loads it again.
    kernel.logger.error('the modal could not be loaded', error)
    kernel.snackbar.error(kernel.i18n.t('modal.viewFailed'))
    kernel.close()
  })
  // The dialog waits for its strings, which preloadModal registers as the shell lands;
  // useT re-renders this when they do.
  useT()
  if (!container) return null
  const ready = shell && hasModalStrings(kernel)
  return createPortal(
    <div className="lk-root" data-theme={theme.mode} style={themeProperties(theme)}>
      {ready && <shell.Dialog open={isOpen} />}
      <Snackbar />
    </div>,
    container,
  )
}
