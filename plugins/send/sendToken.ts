import { type Kernel, type LatchError, refreshTokenBalances, sendTransaction } from 'latchkit'
import { type PrepareSendParameters, prepareSend } from './prepareSend'
import { sendSlice } from './slice'
import { clearSendForm, PENDING_TRANSACTIONS_LIMIT, type PendingTransaction } from './state'

export type SendTokenParameters = PrepareSendParameters
export interface SendTokenReturnType {
  hash: string
  /** The transaction's explorer page, when the network has an explorer. */
  explorerUrl: string | undefined
}
/**
 * ValidationError from {@link prepareSend} (nothing was asked of the wallet), or the
 * wallet's failure from the kernel's `sendTransaction`: `isUserRejection(error)` is true
 * when the visitor declined.
 */
export type SendTokenErrorType = LatchError

/**
 * Sends what the send state holds: checks it, converts the amount to base units, asks the
 * wallet through the kernel's `sendTransaction` (native transfer or token transfer, as
 * the adapter builds it), records the transaction as pending (at most 99) and
 * clears the form. On failure the form is left exactly as the visitor typed it.
 *
 * @example
 * sendSlice(kernel).set((s) => { s.token = usd; s.sendTokenAmount = '12.5'; s.receiverAddress = bob })
 * const { hash, explorerUrl } = await sendToken(kernel)
 */
export async function sendToken(
  kernel: Kernel,
  params: SendTokenParameters = {},
): Promise<SendTokenReturnType> {
  const slice = sendSlice(kernel)
  const send = prepareSend(kernel, params)
  slice.set((state) => {
    state.loading = true
  })
  let hash: string
  try {
    hash = await sendTransaction(kernel, {
      namespace: send.namespace,
      to: send.to,
      value: send.value,
      summary: {
        operation: 'send',
        amount: send.amount,
        symbol: send.token.symbol,
        ...(send.token.iconUrl !== undefined && { iconUrl: send.token.iconUrl }),
      },
      ...(send.tokenAddress === undefined ? {} : { tokenAddress: send.tokenAddress }),
    })
  } catch (error) {
    slice.set((state) => {
      state.loading = false
    })
    throw error
  }
  const explorerUrl = kernel.adapters.get(send.namespace)?.getTransactionExplorerUrl?.(hash, send.network)
  const pending: PendingTransaction = {
    hash,
    caipNetworkId: send.network.caipNetworkId,
    explorerUrl,
    amount: send.amount,
    symbol: send.token.symbol,
    to: send.to,
    sentAt: Date.now(),
  }
  slice.set((state) => {
    clearSendForm(state)
    state.pendingTransactions = [pending, ...state.pendingTransactions].slice(0, PENDING_TRANSACTIONS_LIMIT)
  })
  // The kernel refreshes the native balance; token balances, when something reads them,
  // moved too (and the token picker falls back to the native balance otherwise).
  if (kernel.getState().accounts[send.namespace]?.tokenBalance.length) {
    void refreshTokenBalances(kernel, { namespace: send.namespace, force: true }).catch(() => {})
  }
  return { hash, explorerUrl }
}
