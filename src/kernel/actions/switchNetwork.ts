import type { Kernel } from '../kernelTypes'
import { loadModule } from '../loadModule'
import type { Network } from '../types'
import type { SwitchNetworkParameters } from './run/switchNetwork'

export type {
  SwitchNetworkErrorType,
  SwitchNetworkParameters,
  SwitchNetworkReturnType,
} from './run/switchNetwork'

/**
 * Makes a configured network active. When a wallet is connected on its namespace, the
 * wallet is asked to switch; a namespace change sets `switchingNamespace` while it runs.
 *
 * @example
 * await switchNetwork(kernel, { caipNetworkId: 'eip155:8453' })
 */
export async function switchNetwork(kernel: Kernel, params: SwitchNetworkParameters): Promise<Network> {
  // The work is imported on the first call: only a visitor who does it pays for it.
  const run = await loadModule(() => import('./run'), 'the code for switching networks')
  return run.switchNetwork(kernel, params)
}
