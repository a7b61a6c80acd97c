import { type LatchError, ValidationError } from 'latchkit'
import { latchError, messages } from 'latchkit/internal'
import { isTransactionHash } from '../address'
import { evmChainIdOf, readChainId } from '../chainId'
import { type Eip1193Provider, request } from '../provider'
import {
  buildTransactionRequest,
  type TransactionRequestParameters,
  toRpcTransaction,
} from '../transactionRequest'

export type SendTransactionParameters = TransactionRequestParameters
/** The transaction hash. */
export type SendTransactionReturnType = `0x${string}`
/**
 * ValidationError for a broken fee rule (gasPrice mixed with EIP-1559 fees, a max fee
 * above 2^256-1, a tip above the max fee) and bad input (raised before the wallet is
 * asked anything), 'Chain mismatch' when the wallet is on another chain than `network`,
 * UserRejectedRequestError (4001) and other mapped wallet errors.
 */
export type SendTransactionErrorType = LatchError

/**
 * Sends native currency (`{ from, to, value, data: '0x' }`) or, with `tokenAddress`, an
 * ERC20 `transfer(to, value)`, through the wallet's `eth_sendTransaction`.
 *
 * @example
 * const hash = await sendTransaction(provider, { network: base, from, to, value: parseEther('0.1') })
 * const hash2 = await sendTransaction(provider, { network: base, from, to, value: 5_000_000n, tokenAddress: usdc })
 */
export async function sendTransaction(
  provider: Eip1193Provider,
  parameters: SendTransactionParameters,
): Promise<SendTransactionReturnType> {
  // Everything local is checked before the wallet hears of the transaction.
  const transaction = buildTransactionRequest(parameters)
  const expected = evmChainIdOf(parameters.network)
  // A wallet signs for whatever chain it is on: refuse rather than send on the wrong one.
  const current = await readChainId(provider)
  if (current !== expected) {
    throw latchError(
      'CHAIN_MISMATCH',
      {},
      { details: `The wallet is on chain ${current}, the send is for ${expected}` },
    )
  }
  const hash = await request(provider, {
    method: 'eth_sendTransaction',
    params: [toRpcTransaction(transaction)],
  })
  if (!isTransactionHash(hash)) {
    throw new ValidationError(messages.VALIDATION_FAILED, {
      code: 'VALIDATION_FAILED',
      details: 'eth_sendTransaction did not answer with a transaction hash',
    })
  }
  return hash
}
