import {
  type ChainNamespace,
  type Connector,
  formatUnits,
  type Kernel,
  type Network,
  parseUnits,
  type TokenBalance,
  ValidationError,
} from 'latchkit'
import { isSupportedNetwork } from 'latchkit/internal'
import { assertSendInput } from './assertSendInput'
import { sendMessages } from './messages'
import { isReceiverAddress } from './resolveReceiver'
import { sendSlice } from './slice'
import type { FeeEstimate } from './state'
import { isNativeToken, sendableTokens, tokenAddressOf, tokenKey } from './tokens'

/** A send that passed every check, in base units, ready for the adapter. */
export interface PreparedSend {
  namespace: ChainNamespace
  network: Network
  connector: Connector | undefined
  from: string
  to: string
  /** Amount in the token's base units. */
  value: bigint
  /** Contract or mint address; undefined for the native currency. */
  tokenAddress: string | undefined
  /** The token as the balances show it now. */
  token: TokenBalance
  /** The amount as typed. */
  amount: string
}

export interface PrepareSendParameters {
  /** Default: the active namespace. */
  namespace?: ChainNamespace
}

/**
 * Checks the send state in the order the visitor reads the form and throws a
 * ValidationError for the first problem; its `code` names it:
 * - the send form's first rule, `assertSendInput` (exact messages):
 *   SEND_AMOUNT_AND_RECEIVER_REQUIRED (amount empty or zero, or no receiver),
 *   SEND_TOKEN_REQUIRED, UNSUPPORTED_CHAIN;
 * - then SEND_INVALID_RECEIVER (not an address by the namespace adapter's strict check,
 *   e.g. a broken EVM checksum),
 *   SEND_INVALID_AMOUNT (not a number, too many decimals), SEND_AMOUNT_ZERO (a typed
 *   zero: 'Enter an amount greater than 0') and SEND_INSUFFICIENT_BALANCE
 *   (more than the balance): refused here, so the wallet is never asked;
 * - then, once the fee is estimated, SEND_INSUFFICIENT_FUNDS_FOR_FEE (the native balance
 *   cannot pay the amount plus the fee, or the fee of a token send) and
 *   SEND_BELOW_MINIMUM_BALANCE (the account would keep less than the network requires,
 *   Solana's rent-exempt minimum).
 *
 * @example
 * try { const send = prepareSend(kernel) } catch (error) { showMessage(error.shortMessage) }
 */
export function prepareSend(kernel: Kernel, params: PrepareSendParameters = {}): PreparedSend {
  const state = kernel.getState()
  const namespace = params.namespace ?? state.activeNamespace
  const account = namespace ? state.accounts[namespace] : undefined
  const network = namespace ? state.networks[namespace]?.caipNetwork : undefined
  const connectorId = namespace ? state.connectorIds[namespace] : undefined
  const { token, sendTokenAmount, receiverAddress, fee } = sendSlice(kernel).get()

  // The balances are re-read here: the token picked a minute ago may hold less by now.
  const current =
    token && account
      ? sendableTokens(account, network).find((t) => tokenKey(t) === tokenKey(token))
      : undefined
  const chainSupported =
    namespace !== undefined &&
    network !== undefined &&
    isSupportedNetwork(kernel, network) &&
    typeof kernel.adapters.get(namespace)?.sendTransaction === 'function' &&
    (token === undefined || token.chainId === network.caipNetworkId)
  assertSendInput({ amount: sendTokenAmount, receiverAddress, token, chainSupported })
  // assertSendInput passed: all of these are set.
  const ns = namespace as ChainNamespace
  const to = (receiverAddress as string).trim()
  const picked = current ?? (token as TokenBalance)

  if (!isReceiverAddress(kernel, ns, to)) {
    throw new ValidationError('Invalid address', {
      code: 'SEND_INVALID_RECEIVER',
      details: `'${to}' is not a valid ${ns} address`,
    })
  }
  const decimals = Number(picked.quantity.decimals)
  const value = parseAmount(sendTokenAmount as string, decimals)
  // '0' and '0.00' were typed: say what is wrong with them rather than that nothing was.
  if (value === 0n) {
    throw new ValidationError(sendMessages.SEND_AMOUNT_ZERO, { code: 'SEND_AMOUNT_ZERO' })
  }
  const balance = balanceOf(picked, decimals)
  if (!current || (balance !== undefined && value > balance)) {
    throw new ValidationError('Insufficient balance', {
      code: 'SEND_INSUFFICIENT_BALANCE',
      details: `${sendTokenAmount} ${picked.symbol} is more than the balance of ${current?.quantity.numeric ?? 0}`,
    })
  }
  assertFeeCovered(picked, value, account?.balance, network as Network, fee)
  return {
    namespace: ns,
    network: network as Network,
    connector: connectorId ? kernel.connectors.get(connectorId) : undefined,
    from: account?.address as string,
    to,
    value,
    tokenAddress: tokenAddressOf(picked),
    token: picked,
    amount: (sendTokenAmount as string).trim(),
  }
}

/** The typed amount in base units; the kernel's INVALID_AMOUNT becomes the send code. */
function parseAmount(amount: string, decimals: number): bigint {
  try {
    return parseUnits(amount, decimals)
  } catch (error) {
    const details = error instanceof ValidationError ? error.details : undefined
    throw new ValidationError('Invalid amount', { code: 'SEND_INVALID_AMOUNT', details, cause: error })
  }
}

/** The balance in base units; undefined when a source wrote a number we cannot read. */
function balanceOf(token: TokenBalance, decimals: number): bigint | undefined {
  try {
    return parseUnits(token.quantity.numeric, decimals)
  } catch {
    return undefined
  }
}

/**
 * The native balance pays the fee (and, for a native send, the amount) and keeps the
 * network's minimum: checked here so the visitor reads why instead of a wallet's failure.
 * Without an estimate yet there is nothing to check.
 */
function assertFeeCovered(
  token: TokenBalance,
  value: bigint,
  nativeBalance: string | undefined,
  network: Network,
  fee: FeeEstimate | undefined,
): void {
  if (!fee || nativeBalance === undefined) return
  let native: bigint
  try {
    native = parseUnits(nativeBalance, fee.decimals)
  } catch {
    return
  }
  const spent = fee.fee + (isNativeToken(token) ? value : 0n)
  const show = (amount: bigint) => `${formatUnits(amount, fee.decimals)} ${fee.symbol}`
  if (spent > native) {
    throw new ValidationError(
      isNativeToken(token)
        ? 'Insufficient funds for the amount plus the network fee'
        : `Insufficient ${fee.symbol} for the network fee`,
      {
        code: 'SEND_INSUFFICIENT_FUNDS_FOR_FEE',
        details: `${show(spent)} needed on ${network.name}, ${show(native)} available`,
      },
    )
  }
  if (native - spent < fee.minimumBalance) {
    throw new ValidationError(`The account must keep at least ${show(fee.minimumBalance)}`, {
      code: 'SEND_BELOW_MINIMUM_BALANCE',
      details: `${show(native - spent)} would be left; ${network.name} requires ${show(fee.minimumBalance)}`,
    })
  }
}
