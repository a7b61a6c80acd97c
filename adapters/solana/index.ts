/**
 * latchkit/adapters/solana: Solana through @solana/kit (the tree-shakable successor of
 * @solana/web3.js 2.x). Wallet Standard discovery, a Wallet Standard connector, SOL and
 * SPL balances, SOL and SPL transfers, message signing.
 *
 * @example
 * import { createKernel, connect } from 'latchkit'
 * import { solanaAdapter } from 'latchkit/adapters/solana'
 * import { solana } from 'latchkit/networks'
 *
 * const kernel = createKernel({ networks: [solana], adapters: [solanaAdapter()] })
 * await connect(kernel, { connectorId: 'solana:phantom' })
 */

export { toAccounts } from './accounts'
export { isSolanaAddress } from './address'
export { clusterOf, SOLANA_CLUSTERS, walletChainOf, walletSupports } from './chains'
export { toCommitment } from './commitment'
export type { StartDiscoveryParameters } from './discovery'
export { startDiscovery } from './discovery'
export { getAddressExplorerUrl, getTransactionExplorerUrl } from './explorerUrls'
export {
  ASSOCIATED_TOKEN_PROGRAM,
  associatedTokenAddress,
  SYSTEM_PROGRAM,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
} from './instructions'
export type { SolanaRpc } from './rpc'
export { toSolanaRpcError } from './rpcError'
export { rpcSignAndSendTransactions, rpcSignMessages, rpcSignTransactions } from './rpcSigning'
export type { SolanaSendOptions } from './sendOptions'
export { parseSolanaSendOptions, solanaCommitments, solanaSendOptionsSchema } from './sendOptions'
export type { SolanaAdapterOptions } from './solanaAdapter'
export { solanaAdapter } from './solanaAdapter'
export type { TransferTransaction, TransferTransactionParameters } from './transferTransaction'
export { buildTransferTransaction } from './transferTransaction'
export { accountOf, isStandardWallet, walletOf } from './wallet'
export { toWalletError } from './walletErrors'
export type { WalletInfo } from './walletInfo'
export {
  MAX_ICON_LENGTH,
  MAX_WALLET_NAME_LENGTH,
  parseWalletInfo,
  walletConnectorId,
  walletInfoSchema,
} from './walletInfo'
export type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignMessageFeature,
  SolanaSignTransactionFeature,
  SolanaTransactionOptions,
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
  StandardWallet,
  StandardWalletAccount,
  StandardWallets,
  TransactionVersion,
} from './walletStandard'
export {
  featureOf,
  SOLANA_SIGN_AND_SEND_TRANSACTION,
  SOLANA_SIGN_MESSAGE,
  SOLANA_SIGN_TRANSACTION,
  STANDARD_CONNECT,
  STANDARD_DISCONNECT,
  STANDARD_EVENTS,
} from './walletStandard'
export type { WalletStandardConnectorParameters } from './walletStandardConnector'
export { walletStandardConnector } from './walletStandardConnector'
