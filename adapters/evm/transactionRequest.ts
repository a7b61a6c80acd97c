/**
 * Builds the EVM transaction for a send (a native transfer, or an ERC-20 `transfer` call)
 * and enforces the fee rules (`assertFeeValues`) before anything reaches a wallet or an RPC.
 */
import { type Network, ValidationError } from 'latchkit'
import { messages } from 'latchkit/internal'
import { type Hex, isAddress, toChecksumAddress } from './address'
import { encodeErc20Transfer } from './erc20Transfer'
import { assertFeeValues, maxUint256 } from './fees'
import { numberToHex } from './hex'

/** What a send asks for; the kernel's SendTransactionParameters without the connector. */
export interface TransactionRequestParameters {
  network: Network
  from: string
  /** The receiver (for a token, the token's receiver, not the contract). */
  to: string
  /** Amount in base units (wei, or the token's smallest unit). */
  value: bigint
  /** ERC20 contract; absent for the native currency. */
  tokenAddress?: string
  /** Call data for a contract call on `to` (a swap, an approval); never with `tokenAddress`. */
  data?: unknown
  gas?: unknown
  gasPrice?: unknown
  maxFeePerGas?: unknown
  maxPriorityFeePerGas?: unknown
  nonce?: unknown
}

/** A checked transaction, in bigints, ready for {@link toRpcTransaction}. */
export interface TransactionRequest {
  from: Hex
  to: Hex
  value: bigint
  data: Hex
  gas?: bigint
  gasPrice?: bigint
  maxFeePerGas?: bigint
  maxPriorityFeePerGas?: bigint
  nonce?: number
}

function invalid(details: string): ValidationError {
  return new ValidationError(messages.VALIDATION_FAILED, { code: 'VALIDATION_FAILED', details })
}

function readAddress(value: unknown, field: string): Hex {
  // Strict: a mixed-case address must carry a valid EIP-55 checksum, so a
  // mistyped character is caught instead of sending funds to a different address.
  if (typeof value !== 'string' || !isAddress(value)) throw invalid(`${field} is not a valid address`)
  return toChecksumAddress(value)
}

function readQuantity(value: unknown, field: string): bigint | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'bigint' || value < 0n) throw invalid(`${field} must be a non-negative bigint`)
  return value
}

/**
 * Checks a send and builds its transaction. Native: `{ from, to, value, data: '0x' }`.
 * ERC20: a call to `transfer(receiver, amount)` on the token with value 0. With `data`: a
 * call of `to` with that data and `value` (a router's swap). Throws a
 * ValidationError for a fee conflict, a fee above 2^256-1, a tip above the fee cap, a
 * bad address or a negative amount.
 *
 * @example
 * buildTransactionRequest({ network: mainnet, from, to, value: 10n ** 18n })
 * // { from, to, value: 1000000000000000000n, data: '0x' }
 */
export function buildTransactionRequest(parameters: TransactionRequestParameters): TransactionRequest {
  const fees = {
    gasPrice: readQuantity(parameters.gasPrice, 'gasPrice'),
    maxFeePerGas: readQuantity(parameters.maxFeePerGas, 'maxFeePerGas'),
    maxPriorityFeePerGas: readQuantity(parameters.maxPriorityFeePerGas, 'maxPriorityFeePerGas'),
  }
  assertFeeValues(fees)
  for (const [field, amount] of Object.entries({ ...fees, value: parameters.value, gas: parameters.gas })) {
    if (typeof amount === 'bigint' && amount > maxUint256) throw invalid(`${field} exceeds 2^256-1`)
  }
  const gas = readQuantity(parameters.gas, 'gas')
  const value = readQuantity(parameters.value, 'value')
  if (value === undefined) throw invalid('value must be a non-negative bigint')
  const nonce = parameters.nonce
  if (nonce !== undefined && !(typeof nonce === 'number' && Number.isSafeInteger(nonce) && nonce >= 0)) {
    throw invalid('nonce must be a non-negative integer')
  }
  const from = readAddress(parameters.from, 'from')
  const to = readAddress(parameters.to, 'to')

  const optional = {
    ...(gas !== undefined ? { gas } : {}),
    ...(fees.gasPrice !== undefined ? { gasPrice: fees.gasPrice } : {}),
    ...(fees.maxFeePerGas !== undefined ? { maxFeePerGas: fees.maxFeePerGas } : {}),
    ...(fees.maxPriorityFeePerGas !== undefined ? { maxPriorityFeePerGas: fees.maxPriorityFeePerGas } : {}),
    ...(nonce !== undefined ? { nonce: nonce as number } : {}),
  }
  if (parameters.data !== undefined) {
    if (parameters.tokenAddress !== undefined) throw invalid('data and tokenAddress cannot be combined')
    if (typeof parameters.data !== 'string' || !/^0x(?:[0-9a-fA-F]{2})*$/.test(parameters.data)) {
      throw invalid('data must be hex bytes (0x...)')
    }
    return { from, to, value, data: parameters.data as Hex, ...optional }
  }
  if (parameters.tokenAddress === undefined) return { from, to, value, data: '0x', ...optional }
  return {
    from,
    to: readAddress(parameters.tokenAddress, 'tokenAddress'),
    value: 0n,
    data: encodeErc20Transfer(to, value),
    ...optional,
  }
}

/**
 * The JSON-RPC form of a transaction for `eth_sendTransaction`: quantities as hex.
 *
 * @example
 * toRpcTransaction({ from, to, value: 1n, data: '0x' }) // { from, to, value: '0x1', data: '0x' }
 */
export function toRpcTransaction(transaction: TransactionRequest): Record<string, string> {
  const rpc: Record<string, string> = {
    from: transaction.from,
    to: transaction.to,
    value: numberToHex(transaction.value),
    data: transaction.data,
  }
  if (transaction.gas !== undefined) rpc.gas = numberToHex(transaction.gas)
  if (transaction.gasPrice !== undefined) rpc.gasPrice = numberToHex(transaction.gasPrice)
  if (transaction.maxFeePerGas !== undefined) rpc.maxFeePerGas = numberToHex(transaction.maxFeePerGas)
  if (transaction.maxPriorityFeePerGas !== undefined) {
    rpc.maxPriorityFeePerGas = numberToHex(transaction.maxPriorityFeePerGas)
  }
  if (transaction.nonce !== undefined) rpc.nonce = numberToHex(transaction.nonce)
  return rpc
}
