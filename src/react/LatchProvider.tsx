'use client'
import type { Kernel } from 'latchkit'
import { type ReactElement, type ReactNode, useEffect } from 'react'
import { KernelContext } from './context'
import { loadShell } from './modal/loadShell'
import { preloadView } from './modal/loadView'
import { Modal } from './modal/Modal'
import { coreStrings } from './strings'
import { registerCoreViews } from './views/registerCoreViews'

const withStrings = new WeakSet<Kernel>()

/** Once per kernel, before anything renders: English defaults and the core views. */
function installCore(kernel: Kernel): void {
  if (!withStrings.has(kernel)) {
    withStrings.add(kernel)
    kernel.i18n.register(coreStrings)
  }
  registerCoreViews(kernel)
}

export interface LatchProviderProps {
  kernel: Kernel
  children?: ReactNode
}

/**
 * Binds a kernel to React: hooks and buttons below it read that kernel, and the modal
 * (in a shadow root at the end of <body>) renders after mount. Safe on the server.
 *
 * @example
 * const kernel = createKernel({ networks: [mainnet], adapters: [evmAdapter()] })
 * root.render(<LatchProvider kernel={kernel}><ConnectButton /></LatchProvider>)
 */
export function LatchProvider({ kernel, children }: LatchProviderProps): ReactElement {
  // Idempotent, and needed before the first render (server included) so strings resolve.
  installCore(kernel)
  // The dialog and the view open() would show are fetched while idle, so the first open
  // paints at once.
  useEffect(() => {
    const timer = setTimeout(() => {
      loadShell().catch(() => {})
      preloadView(kernel, kernel.getState().status === 'connected' ? 'Account' : 'Connect')
    }, 0)
    return () => clearTimeout(timer)
  }, [kernel])
  return (
    <KernelContext.Provider value={kernel}>
      {children}
      <Modal />
    </KernelContext.Provider>
  )
}
