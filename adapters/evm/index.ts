/**
 * latchkit/adapters/evm: EVM chains over EIP-1193 and JSON-RPC. EIP-6963 and injected
 * wallet discovery, an EIP-1193 connector, balances, signing, sending, chain switching and
 * bundles of calls (EIP-5792's sendCalls, with a one-at-a-time fallback).
 * Its types match viem's (`0x` hex strings, bigint quantities); it imports none of viem's
 * code, which would cost about 40 KB gzip in every build (see evmAdapter.ts).
 *
 * @example
 * import { createKernel, connect } from 'latchkit'
 * import { evmAdapter } from 'latchkit/adapters/evm'
 * import { mainnet } from 'latchkit/networks'
 *
 * const kernel = createKernel({ networks: [mainnet], adapters: [evmAdapter()] })
 * await connect(kernel, { connectorId: 'io.metamask' })
 */

export type { Hex } from './address'
export { isAddress, isSignedMessage, isTransactionHash, toChecksumAddress } from './address'
export type { Announcement } from './announcement'
export {
  announcementSchema,
  MAX_ICON_LENGTH,
  MAX_WALLET_NAME_LENGTH,
  parseAnnouncement,
} from './announcement'
export type {
  AtomicStatus,
  Call,
  CallReceipt,
  CallsStatus,
  SendCallsProgress,
  WalletCapabilities,
} from './calls/callsTypes'
export type { GetCallsStatusErrorType, GetCallsStatusReturnType } from './calls/getCallsStatus'
export { getCallsStatus } from './calls/getCallsStatus'
export type {
  GetCapabilitiesErrorType,
  GetCapabilitiesParameters,
  GetCapabilitiesReturnType,
} from './calls/getCapabilities'
export { getCapabilities } from './calls/getCapabilities'
export type { SendCallsErrorType, SendCallsParameters, SendCallsReturnType } from './calls/sendCalls'
export { sendCalls } from './calls/sendCalls'
export type { SendCallsErrorCode } from './calls/sendCallsError'
export { SendCallsError } from './calls/sendCallsError'
export { parseChainId } from './chainId'
export type { DiscoveryWindow, StartDiscoveryParameters } from './discovery'
export { INJECTED_CONNECTOR_ID, startDiscovery } from './discovery'
export type { Eip1193ConnectorParameters } from './eip1193Connector'
export { eip1193Connector } from './eip1193Connector'
export type { EvmAdapterOptions } from './evmAdapter'
export { evmAdapter } from './evmAdapter'
export { getAddressExplorerUrl, getTransactionExplorerUrl } from './explorerUrls'
export type { FeeValues } from './fees'
export { assertFeeValues, feeMessages, maxUint256 } from './fees'
export type { Eip1193Provider, Eip1193RequestArguments } from './provider'
export { isEip1193Provider } from './provider'
export type { RpcClientOptions } from './rpcClient'
export { createRpcClient } from './rpcClient'
export type { SendCall } from './sendCalls'
export { sendCallSchema, validateSendCalls } from './sendCalls'
export type { TransactionRequest, TransactionRequestParameters } from './transactionRequest'
