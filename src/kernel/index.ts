/**
 * latchkit: the framework-free kernel. No React, no adapter and no plugin code is
 * reachable from this entry.
 *
 * @example
 * import { createKernel, connect } from 'latchkit'
 * const kernel = createKernel({ networks: [mainnet], adapters: [evmAdapter()] })
 * await connect(kernel, { connectorId: 'io.metamask' })
 */

export type { ConnectErrorType, ConnectParameters, ConnectReturnType } from './actions/connect'
// Each loads its code on the first call: see actions/deferred.ts.
export {
  connect,
  disconnect,
  refreshTokenBalances,
  sendTransaction,
  signMessage,
  switchNetwork,
} from './actions/deferred'
export type { DisconnectErrorType, DisconnectParameters } from './actions/disconnect'
export type { ReconnectParameters } from './actions/reconnect'
export { reconnect } from './actions/reconnect'
export type { RefreshBalanceParameters } from './actions/refreshBalance'
export { refreshBalance } from './actions/refreshBalance'
export type {
  RefreshTokenBalancesErrorType,
  RefreshTokenBalancesParameters,
  RefreshTokenBalancesReturnType,
  TokenBalanceSource,
} from './actions/refreshTokenBalances'
export type {
  SendTransactionErrorType,
  SendTransactionParameters as SendParameters,
  SendTransactionReturnType,
} from './actions/sendTransaction'
export type {
  SignMessageErrorType,
  SignMessageParameters,
  SignMessageReturnType,
} from './actions/signMessage'
export type {
  SwitchNetworkErrorType,
  SwitchNetworkParameters,
  SwitchNetworkReturnType,
} from './actions/switchNetwork'
// The API clients reach integrators as `kernel.api`; their code loads on first use. Only
// types and small pure helpers are exported here: exporting the factories would put the
// clients in the entry's graph, and bundlers would ship them in the initial chunk.
export type * from './api/blockchainApi'
export type {
  AccountNfts,
  Allowance,
  ApproveTransaction,
  ConvertQuotes,
  ConvertTokens,
  ConvertTransaction,
  FungiblePrices,
  GasPrice,
  Identity,
  NameSuggestions,
  Nft,
  OnrampOptions,
  OnrampQuote,
  PaymentCurrency,
  Profile,
  PurchaseCurrency,
  Sessions,
  SupportedChains,
  Transaction,
  Transactions,
} from './api/blockchainSchemas'
export { PLACEHOLDER_QUOTE_ID } from './api/constants'
export type { ImageKind, ProjectIdentification } from './api/imageUrl'
export { projectImageUrl } from './api/imageUrl'
export type { KernelApis } from './api/kernelApis'
export { isOriginAllowed } from './api/origins'
export {
  assetsToTokenBalances,
  filterLowQualityTokens,
  sortByValue,
  totalValue,
} from './api/tokenBalances'
export type { GetWalletsParameters, WalletsApi, WalletsApiOptions } from './api/walletsApi'
export type { AnalyticsConfig, WalletList, WalletListItem } from './api/walletsSchemas'
export type { Bus, KernelEvents } from './bus'
export { createBus } from './bus'
export * from './cache'
export * from './caip'
export { isSupportedNetwork } from './connection'
export * from './errors'
export { formatUnits } from './formatUnits'
export * from './http'
export type { I18n } from './i18n'
export type { AdapterContext, ConnectorRegistry, Kernel, KernelInternal, KernelServices } from './kernel'
export { createKernel, requireAdapter } from './kernel'
export * from './logger'
export type { KernelOptions, ResolvedOptions } from './options'
export { DEFAULT_SDK_VERSION } from './options'
export { parseUnits } from './parseUnits'
export type { Plugin, PluginContext, PluginSlice } from './plugin'
export { definePlugin } from './plugin'
export type { Registry } from './registry'
export { createRegistry } from './registry'
export * from './retry'
export type { CloseGuard, Router, ViewDefinition, ViewRegistry } from './router'
export type { NameResolver } from './services'
export { getNameResolver, NAME_RESOLVER_SERVICE } from './services'
export type { SlotItem, Slots } from './slots'
export { defaultSlotOrder } from './slots'
export type { Snackbar, SnackbarOptions } from './snackbar'
export { SNACKBAR_SWAP_MS } from './snackbar'
export * from './storage'
export type {
  KernelState,
  KernelStore,
  RouterEntry,
  SnackbarLink,
  SnackbarState,
  SnackbarVariant,
  ThemeState,
} from './store'
export { defaultPreferredAccountTypes, initialAccountState, initialNetworkState } from './store'
export * from './throttle'
export type * from './types'
export * from './validation'
