/**
 * Which RPC methods the embedded wallet answers and how: safe ones straight from the chain,
 * unsafe ones only after the person approves them in the frame's own screen, the ones not
 * supported yet (and anything unknown) never.
 */

/** EVM reads and the raw send: answered from the chain without asking. */
export const SAFE_EVM_METHODS: ReadonlySet<string> = new Set([
  'eth_chainId',
  'eth_blockNumber',
  'eth_getBalance',
  'eth_call',
  'eth_estimateGas',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getTransactionByHash',
  'eth_getBlockByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_accounts',
  'eth_requestAccounts',
  'eth_sendRawTransaction',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'eth_getUserOperationReceipt',
  'eth_getUserOperationByHash',
])

/** Solana reads: answered from the chain without asking. */
export const SAFE_SOLANA_METHODS: ReadonlySet<string> = new Set([
  'getBalance',
  'getLatestBlockhash',
  'getSignatureStatuses',
  'getAccountInfo',
  'getMinimumBalanceForRentExemption',
  'getFeeForMessage',
  'simulateTransaction',
  'solana_getAccounts',
  'solana_requestAccounts',
])

/** Signing and sending: each waits for Approve in the frame. */
export const UNSAFE_METHODS: ReadonlySet<string> = new Set([
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
  'solana_signAllTransactions',
])

export type RpcMethodKind = 'safe' | 'unsafe' | 'not-allowed'

/**
 * @example rpcMethodKind('eip155:1', 'personal_sign') // 'unsafe'
 */
export function rpcMethodKind(caip2: string, method: string): RpcMethodKind {
  const solana = caip2.startsWith('solana:')
  if (UNSAFE_METHODS.has(method)) {
    return method.startsWith('solana_') === solana ? 'unsafe' : 'not-allowed'
  }
  // wallet_sendCalls, wallet_grantPermissions, wallet_revokePermissions and
  // eth_sendUserOperation are not supported yet: not allowed, never sent without asking.
  return (solana ? SAFE_SOLANA_METHODS : SAFE_EVM_METHODS).has(method) ? 'safe' : 'not-allowed'
}
