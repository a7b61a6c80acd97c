/**
 * latchkit: the framework-free kernel. No React, no adapter and no plugin code is
 * reachable from this entry.
 *
 * @example
 * import { createKernel, connect } from 'latchkit'
 * const kernel = createKernel({ networks: [mainnet], adapters: [evmAdapter()] })
 * await connect(kernel, { connectorId: 'io.metamask' })
 */
export { createKernel, requireAdapter } from './kernel'
export type { Kernel, KernelServices, AdapterContext, ConnectorRegistry, KernelInternal } from './kernel'
export { definePlugin } from './plugin'
export type { Plugin, PluginContext, PluginSlice } from './plugin'
export type { KernelOptions, ResolvedOptions } from './options'
export { DEFAULT_SDK_VERSION } from './options'
export type { KernelEvents, Bus } from './bus'
export { createBus } from './bus'
export type { KernelState, KernelStore, RouterEntry, SnackbarLink, SnackbarState, SnackbarVariant, ThemeState } from './store'
export { initialAccountState, initialNetworkState, defaultPreferredAccountTypes } from './store'
export type { ViewDefinition, Router, ViewRegistry, CloseGuard } from './router'
export type { Slots, SlotItem } from './slots'
export { defaultSlotOrder } from './slots'
export type { Registry } from './registry'
export { createRegistry } from './registry'
export type { I18n } from './i18n'
export type { Snackbar, SnackbarOptions } from './snackbar'
export { SNACKBAR_SWAP_MS } from './snackbar'
export { isSupportedNetwork } from './connection'
export { getNameResolver, NAME_RESOLVER_SERVICE } from './services'
export type { NameResolver } from './services'

// Each loads its code on the first call: see actions/deferred.ts.
export {
  connect,
  disconnect,
  refreshTokenBalances,
  sendTransaction,
  signMessage,
  switchNetwork,
} from './actions/deferred'
export type { ConnectParameters, ConnectReturnType, ConnectErrorType } from './actions/connect'
export type { DisconnectParameters, DisconnectErrorType } from './actions/disconnect'
export { reconnect } from './actions/reconnect'
export type { ReconnectParameters } from './actions/reconnect'
export type { SwitchNetworkParameters, SwitchNetworkReturnType, SwitchNetworkErrorType } from './actions/switchNetwork'
export { refreshBalance } from './actions/refreshBalance'
export type { RefreshBalanceParameters } from './actions/refreshBalance'
export type {
  RefreshTokenBalancesParameters,
  RefreshTokenBalancesReturnType,
  RefreshTokenBalancesErrorType,
  TokenBalanceSource,
} from './actions/refreshTokenBalances'

// The API clients reach integrators as `kernel.api`; their code loads on first use. Only
// types and small pure helpers are exported here: exporting the factories would put the
// clients in the entry's graph, and bundlers would ship them in the initial chunk.
export type * from './api/blockchainApi'
export type { WalletsApi, WalletsApiOptions, GetWalletsParameters } from './api/walletsApi'
export type { KernelApis } from './api/kernelApis'
export { isOriginAllowed } from './api/origins'
export { PLACEHOLDER_QUOTE_ID } from './api/constants'
export {
  assetsToTokenBalances,
  filterLowQualityTokens,
  sortByValue,
  totalValue,
} from './api/tokenBalances'
export type {
  SupportedChains,
  Identity,
  Transaction,
  Transactions,
  FungiblePrices,
  ConvertTokens,
  ConvertQuotes,
  Allowance,
  GasPrice,
  ConvertTransaction,
  ApproveTransaction,
  Profile,
  NameSuggestions,
  OnrampOptions,
  PaymentCurrency,
  PurchaseCurrency,
  OnrampQuote,
  Sessions,
  AccountNfts,
  Nft,
} from './api/blockchainSchemas'
export type { WalletListItem, WalletList, AnalyticsConfig } from './api/walletsSchemas'
export { projectImageUrl } from './api/imageUrl'
export type { ImageKind, ProjectIdentification } from './api/imageUrl'

export { formatUnits } from './formatUnits'
export { parseUnits } from './parseUnits'
export * from './errors'
export * from './validation'
export * from './caip'
export * from './throttle'
export * from './http'
export * from './retry'
export * from './cache'
export * from './logger'
export * from './storage'
export type * from './types'
export type { SignMessageParameters, SignMessageReturnType, SignMessageErrorType } from './actions/signMessage'
export type {
  SendTransactionParameters as SendParameters,
  SendTransactionReturnType,
  SendTransactionErrorType,
} from './actions/sendTransaction'
