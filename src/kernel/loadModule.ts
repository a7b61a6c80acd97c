import { latchError } from './errors'

/**
 * Imports a module the first time code needs it, as wagmi's connectors import their SDK
 * in `getProvider`: the idiom by which Latchkit keeps code a visitor may never need out
 * of the chunks a page loads at start-up. A module that cannot be fetched is
 * 'Network request failed' (NETWORK_REQUEST_FAILED); the bundler's module cache makes
 * every later call immediate, and a failed load is tried again on the next call.
 *
 * @example
 * const { sendTransaction } = await loadModule(() => import('./walletActions'), 'the wallet actions')
 */
export async function loadModule<M>(load: () => Promise<M>, what: string): Promise<M> {
  try {
    return await load()
  } catch (cause) {
    throw latchError('NETWORK_REQUEST_FAILED', undefined, { cause, details: `Could not load ${what}` })
  }
}
