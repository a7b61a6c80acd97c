/**
 * The actions a visitor triggers after start-up, as the kernel's entry exports them: each
 * loads its module on the first call (firstOpenActions.ts, laterActions.ts). Same
 * signatures, same results and errors: all were async already; a module that cannot be
 * fetched is 'Network request failed'.
 *
 * Why: bundlers place whatever a package entry exports and anything calls in the chunks a
 * page loads at start-up, even when only a lazily loaded view calls it (esbuild assigns
 * whole files by the entries that reach them; a built entry is one file). Only a dynamic
 * import inside the kernel keeps this code out of start-up.
 */
import { latchError, messages } from '../errors'
import type { connect as connectAction } from './connect'
import type { disconnect as disconnectAction } from './disconnect'
import type { refreshTokenBalances as refreshTokenBalancesAction } from './refreshTokenBalances'
import type { sendTransaction as sendTransactionAction } from './sendTransaction'
import type { signMessage as signMessageAction } from './signMessage'
import type { switchNetwork as switchNetworkAction } from './switchNetwork'

async function load<M>(module: () => Promise<M>, what: string): Promise<M> {
  try {
    return await module()
  } catch (cause) {
    throw latchError('NETWORK_REQUEST_FAILED', undefined, { cause, details: `Could not load ${what}` })
  }
}

const firstOpenActions = () => load(() => import('./firstOpenActions'), 'the connect actions')
const laterActions = () => load(() => import('./laterActions'), 'the account actions')

/**
 * Starts loading connect and the token balances, so a wallet picked in the modal is asked
 * at once. The kernel calls it when the modal opens; a failure waits for the real call.
 */
export function preloadFirstOpenActions(): void {
  firstOpenActions().catch(() => {})
}

/**
 * Connects a wallet through a registered connector (may prompt the visitor); see connect.ts.
 *
 * @example
 * const { accounts } = await connect(kernel, { connectorId: 'io.metamask' })
 */
export const connect: typeof connectAction = async (kernel, params) =>
  (await firstOpenActions()).connect(kernel, params)

/**
 * Reads the connected account's token balances into its `tokenBalance`; never throws (see
 * refreshTokenBalances.ts), so a module that cannot be fetched is a failed read too.
 *
 * @example
 * const result = await refreshTokenBalances(kernel)
 * if (result.status === 'updated') console.log(result.balances)
 */
export const refreshTokenBalances: typeof refreshTokenBalancesAction = async (kernel, params) => {
  let actions: Awaited<ReturnType<typeof firstOpenActions>>
  try {
    actions = await firstOpenActions()
  } catch (error) {
    kernel.snackbar.error(messages.TOKEN_BALANCE_UNAVAILABLE)
    return { status: 'failed', error }
  }
  return actions.refreshTokenBalances(kernel, params)
}

/**
 * Disconnects every connected namespace, or one; see disconnect.ts.
 *
 * @example
 * await disconnect(kernel)
 */
export const disconnect: typeof disconnectAction = async (kernel, params) =>
  (await laterActions()).disconnect(kernel, params)

/**
 * Makes a configured network active, asking the connected wallet to switch; see switchNetwork.ts.
 *
 * @example
 * await switchNetwork(kernel, { caipNetworkId: 'eip155:8453' })
 */
export const switchNetwork: typeof switchNetworkAction = async (kernel, params) =>
  (await laterActions()).switchNetwork(kernel, params)

/**
 * Signs a message with the connected account; see signMessage.ts.
 *
 * @example
 * const signature = await signMessage(kernel, { message: 'hello' })
 */
export const signMessage: typeof signMessageAction = async (kernel, params) =>
  (await laterActions()).signMessage(kernel, params)

/**
 * Sends a transaction from the connected account and returns its hash; see sendTransaction.ts.
 *
 * @example
 * const hash = await sendTransaction(kernel, { to, value: 1n })
 */
export const sendTransaction: typeof sendTransactionAction = async (kernel, params) =>
  (await laterActions()).sendTransaction(kernel, params)
