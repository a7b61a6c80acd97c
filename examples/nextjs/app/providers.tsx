'use client'
import { cookieStorage, createKernel, type InitialState, restoreInitialState } from 'latchkit'
import { evmAdapter } from 'latchkit/adapters/evm'
import { localChain } from 'latchkit/networks'
import { LatchProvider } from 'latchkit/react'
import { type ReactNode, useState } from 'react'

export interface ProvidersProps {
  children: ReactNode
  /** From `cookieToInitialState` in the server layout: the same value on server and client. */
  initialState: InitialState
  chain: { id: number; rpcUrl: string }
}

/**
 * One kernel per request on the server and one per page in the browser (useState, never
 * a module-level kernel, which every visitor of the server would share). Its storage is
 * cookies, so the next request carries what the next server render needs.
 */
export function Providers({ children, initialState, chain }: ProvidersProps) {
  const [kernel] = useState(() =>
    createKernel({
      metadata: { name: 'Latchkit Next.js example' },
      networks: [localChain(chain.id, chain.rpcUrl)],
      adapters: [evmAdapter()],
      storage: cookieStorage,
      // Starts from what the server read, and keeps the account in the cookie for the next request.
      plugins: [restoreInitialState(initialState)],
    }),
  )
  return <LatchProvider kernel={kernel}>{children}</LatchProvider>
}
