/**
 * Signing, sending, fee estimates and chain switching as the adapter uses and exports them:
 * each loads its code on the first call (walletActions.ts), since a visitor who only
 * connects and looks at the account never needs it. Same signatures, results and errors
 * (all were async already); a module that cannot be fetched is 'Network request failed'.
 * Why a dynamic import: see src/kernel/actions/deferred.ts.
 */
import { latchError } from 'latchkit'
import type { estimateFee as estimateFeeAction } from './actions/estimateFee'
import type { sendTransaction as sendTransactionAction } from './actions/sendTransaction'
import type { signMessage as signMessageAction } from './actions/signMessage'
import type { switchChain as switchChainAction } from './actions/switchChain'

async function walletActions() {
  try {
    return await import('./walletActions')
  } catch (cause) {
    throw latchError('NETWORK_REQUEST_FAILED', undefined, {
      cause,
      details: 'Could not load the EVM wallet actions',
    })
  }
}

/**
 * Estimates a transfer's fee in the native currency; see actions/estimateFee.ts.
 *
 * @example
 * await estimateFee(rpc, { network: mainnet, from, to, value: 1n }) // { fee, symbol: 'ETH' }
 */
export const estimateFee: typeof estimateFeeAction = async (provider, parameters) =>
  (await walletActions()).estimateFee(provider, parameters)

/**
 * Sends the native currency or an ERC20 transfer through the wallet; see actions/sendTransaction.ts.
 *
 * @example
 * const hash = await sendTransaction(provider, { network: mainnet, from, to, value: 10n ** 18n })
 */
export const sendTransaction: typeof sendTransactionAction = async (provider, parameters) =>
  (await walletActions()).sendTransaction(provider, parameters)

/**
 * Signs a UTF-8 message with `personal_sign`; see actions/signMessage.ts.
 *
 * @example
 * const signature = await signMessage(provider, { address, message: 'Hello' })
 */
export const signMessage: typeof signMessageAction = async (provider, parameters) =>
  (await walletActions()).signMessage(provider, parameters)

/**
 * Moves the wallet to a network, offering it first when unknown; see actions/switchChain.ts.
 *
 * @example
 * await switchChain(provider, { network: base }) // 8453
 */
export const switchChain: typeof switchChainAction = async (provider, parameters) =>
  (await walletActions()).switchChain(provider, parameters)
