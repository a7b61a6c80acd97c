import type { Kernel } from '../kernelTypes'
import { loadModule } from '../loadModule'
import type { DisconnectParameters } from './run/disconnect'

export type { DisconnectErrorType, DisconnectParameters } from './run/disconnect'

/**
 * Disconnects. Local state is always cleared, even when the wallet fails to answer; such a
 * failure is then reported as 'Failed to disconnect' (or '... chains' for several).
 *
 * @example
 * await disconnect(kernel) // every namespace
 */
export async function disconnect(kernel: Kernel, params: DisconnectParameters = {}): Promise<void> {
  // The work is imported on the first call: only a visitor who does it pays for it.
  const run = await loadModule(() => import('./run'), 'the code for disconnecting')
  return run.disconnect(kernel, params)
}
