import type { Kernel } from '../kernelTypes'
import { loadModule } from '../loadModule'
import type { ConnectParameters, ConnectReturnType } from './run/connect'

export type { ConnectErrorType, ConnectParameters, ConnectReturnType } from './run/connect'

/**
 * Connects a wallet through a registered connector (may prompt the visitor).
 *
 * @example
 * const { accounts } = await connect(kernel, { connectorId: 'io.metamask' })
 */
export async function connect(kernel: Kernel, params: ConnectParameters): Promise<ConnectReturnType> {
  // The work is imported on the first call: only a visitor who does it pays for it.
  const run = await loadModule(() => import('./run'), 'the code for connecting to a wallet')
  return run.connect(kernel, params)
}
