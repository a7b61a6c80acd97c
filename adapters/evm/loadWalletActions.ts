import { loadModule } from 'latchkit/internal'

/**
 * Imports the wallet actions (signing, sending, fees, switching) on their first use; a
 * module that cannot be fetched is 'Network request failed', and the next call tries again.
 *
 * @example
 * const { sendTransaction } = await loadWalletActions()
 */
export function loadWalletActions(): Promise<typeof import('./walletActions')> {
  return loadModule(() => import('./walletActions'), 'the EVM wallet actions')
}
