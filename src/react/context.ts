'use client'
import type { Kernel } from 'latchkit'
import { createContext, useContext } from 'react'
import { ProviderMissingError } from './errors'

/** Holds the kernel; `null` outside a provider so hooks can say what is missing. */
export const KernelContext = createContext<Kernel | null>(null)

/**
 * The kernel of the nearest `<LatchProvider>`.
 *
 * @example
 * const kernel = useKernel()
 * kernel.open({ view: 'Networks' })
 */
export function useKernel(hook = 'useKernel'): Kernel {
  const kernel = useContext(KernelContext)
  if (!kernel) throw new ProviderMissingError(hook)
  return kernel
}
