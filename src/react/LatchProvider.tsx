'use client'
import { type Kernel, reconnect } from 'latchkit'
import { type ReactElement, type ReactNode, useEffect } from 'react'
import { KernelContext } from './context'
import { preloadModal } from './modal/loadShell'
import { Modal } from './modal/Modal'
import { buttonStrings } from './strings'
import { registerCoreViews } from './views/registerCoreViews'

const withStrings = new WeakSet<Kernel>()
// Once per kernel, however often a provider mounts it (StrictMode mounts twice).
const reconnected = new WeakSet<Kernel>()

/** Once per kernel, before anything renders: the buttons' English defaults and the core views. */
function installCore(kernel: Kernel): void {
  if (!withStrings.has(kernel)) {
    withStrings.add(kernel)
    kernel.i18n.register(buttonStrings)
  }
  registerCoreViews(kernel)
}

export interface LatchProviderProps {
  kernel: Kernel
  children?: ReactNode
  /**
   * Silently reconnects the wallet of the last visit when the provider first mounts
   * (default true). Off, the app calls `reconnect(kernel)` itself, or never.
   */
  reconnectOnMount?: boolean
}

/**
 * Binds a kernel to React: hooks and buttons below it read that kernel, the modal (in a
 * shadow root at the end of <body>) renders after mount, and the wallet of the last visit
 * reconnects silently. Safe on the server.
 *
 * @example
 * const kernel = createKernel({ networks: [mainnet], adapters: [evmAdapter()] })
 * root.render(<LatchProvider kernel={kernel}><ConnectButton /></LatchProvider>)
 */
export function LatchProvider({
  kernel,
  children,
  reconnectOnMount = true,
}: LatchProviderProps): ReactElement {
  // Idempotent, and needed before the first render (server included) so strings resolve.
  installCore(kernel)
  // On the client only (effects never run on the server), as wagmi's hydrate does.
  useEffect(() => {
    if (!reconnectOnMount || reconnected.has(kernel)) return
    reconnected.add(kernel)
    reconnect(kernel).catch((error: unknown) => kernel.logger.warn('silent reconnect failed', error))
  }, [kernel, reconnectOnMount])
  // From the first render in the browser, not once idle: a visitor may click before then.
  preloadModal(kernel)
  return (
    <KernelContext.Provider value={kernel}>
      {children}
      <Modal />
    </KernelContext.Provider>
  )
}
