import { latchError } from 'latchkit/internal'

let loading: Promise<typeof import('./walletActions')> | undefined

/**
 * Imports the wallet actions on first use and keeps them; a module that cannot be fetched
 * is 'Network request failed', and the next call tries again.
 *
 * @example
 * const { sendTransaction } = await loadWalletActions()
 */
export function loadWalletActions(): Promise<typeof import('./walletActions')> {
  loading ??= import('./walletActions').catch((cause: unknown) => {
    loading = undefined
    throw latchError('NETWORK_REQUEST_FAILED', undefined, {
      cause,
      details: 'Could not load the EVM wallet actions',
    })
  })
  return loading
}
