import { latchError } from '../errors'
import type { ChainAdapter, Kernel } from '../kernelTypes'
import type { ChainNamespace } from '../types'

/**
 * The adapter that owns `namespace`; throws 'Chain adapter not found' when the app
 * configured none.
 *
 * @example
 * const evm = requireAdapter(kernel, 'eip155')
 */
export function requireAdapter(kernel: Kernel, namespace: ChainNamespace): ChainAdapter {
  const adapter = kernel.adapters.get(namespace)
  if (!adapter) throw latchError('CHAIN_ADAPTER_NOT_FOUND', {}, { details: `No adapter for ${namespace}` })
  return adapter
}
