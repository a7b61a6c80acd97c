/**
 * latchkit: the framework-free kernel. No React, no adapter and no plugin code is
 * reachable from this entry. Helpers for plugin and adapter authors are in
 * `latchkit/internal`.
 *
 * @example
 * import { createKernel, connect, reconnect } from 'latchkit'
 * const kernel = createKernel({ networks: [mainnet], adapters: [evmAdapter()] })
 * await reconnect(kernel) // LatchProvider does this on mount
 * await connect(kernel, { connectorId: 'io.metamask' })
 */

// Actions
export type { ConnectErrorType, ConnectParameters, ConnectReturnType } from './actions/connect'
export { connect } from './actions/connect'
export type { DisconnectErrorType, DisconnectParameters } from './actions/disconnect'
export { disconnect } from './actions/disconnect'
export type { TokenBalanceSource } from './actions/readTokenBalances'
export type { ReconnectParameters } from './actions/reconnect'
export { reconnect } from './actions/reconnect'
export type { RefreshBalanceParameters } from './actions/refreshBalance'
export { refreshBalance } from './actions/refreshBalance'
export type {
  RefreshTokenBalancesErrorType,
  RefreshTokenBalancesParameters,
  RefreshTokenBalancesReturnType,
} from './actions/refreshTokenBalances'
export { refreshTokenBalances } from './actions/refreshTokenBalances'
export { removePlugin } from './actions/removePlugin'
export type {
  SendTransactionErrorType,
  SendTransactionParameters,
  SendTransactionReturnType,
} from './actions/sendTransaction'
export { sendTransaction } from './actions/sendTransaction'
export type {
  SignMessageErrorType,
  SignMessageParameters,
  SignMessageReturnType,
} from './actions/signMessage'
export { signMessage } from './actions/signMessage'
export type {
  SwitchNetworkErrorType,
  SwitchNetworkParameters,
  SwitchNetworkReturnType,
} from './actions/switchNetwork'
export { switchNetwork } from './actions/switchNetwork'
// API access (plugins declare their endpoints with it)
export type { ApiCachePolicy, ApiRequest, ApiService, KernelApi } from './api/apiTypes'
// Types
export type { Bus, KernelEvents } from './bus'
// Chain-neutral helpers
export type { CaipAccount, CaipNetwork } from './caip'
export {
  formatCaipAddress,
  formatCaipNetworkId,
  isCaipAddress,
  isCaipNetworkId,
  parseCaipAddress,
  parseCaipNetworkId,
} from './caip'
export type { CookieBackendOptions } from './cookieStorage'
export { cookieStorage, createCookieBackend, parseCookieHeader } from './cookieStorage'
// Errors
export type { ErrorCode, LatchErrorOptions } from './errors'
export {
  ConfigError,
  HttpError,
  isUserRejection,
  LatchError,
  PluginError,
  ProviderRpcError,
  RpcError,
  SwitchChainError,
  TimeoutError,
  toProviderRpcError,
  UserRejectedRequestError,
  ValidationError,
  withProviderRpcErrors,
} from './errors'
export { formatUnits } from './formatUnits'
export type { ConnectedAccount, CookieToInitialStateOptions, InitialState } from './initialState'
export { cookieToInitialState, restoreInitialState } from './initialState'
// Creating a kernel and its plugins
export { createKernel } from './kernel'
export type {
  AdapterContext,
  AdapterGetAssetsParameters,
  AdapterGetBalanceParameters,
  AdapterSendTransactionParameters,
  AdapterSignMessageParameters,
  ChainAdapter,
  ConnectorRegistry,
  Kernel,
  KernelOptions,
  KernelServices,
  Plugin,
  PluginContext,
  PluginSlice,
  ResolvedOptions,
} from './kernelTypes'
export type { ViewModule } from './lazyView'
export { lazyView } from './lazyView'
export type { LocaleLoader } from './loadLocale'
export { loadLocale } from './loadLocale'
export type { Locale, LocaleInput } from './locale'
export type { Logger, LogLevel } from './logger'
export { parseUnits } from './parseUnits'
export { pickLocale } from './pickLocale'
export { definePlugin } from './plugin'
export type { ApiOptions, RegionalApiOptions } from './regionalApi'
export { RESTRICTED_TIME_ZONES, regionalApi } from './regionalApi'
export type { Registry } from './registry'
export type { CloseGuard, Router, ViewDefinition, ViewRegistry } from './router'
// Services one plugin offers another
export type { AddressNamer, NameResolver, RegistryWallet, WalletLinker } from './services'
export {
  ADDRESS_NAMER_SERVICE,
  getAddressNamer,
  getNameResolver,
  getWalletLinker,
  NAME_RESOLVER_SERVICE,
  WALLET_LINKER_SERVICE,
} from './services'
export type { KernelSlots, SlotItem, SlotItemOf, SlotName, Slots } from './slots'
export type { Snackbar, SnackbarOptions } from './snackbar'
export type { StorageBackend } from './storage'
export type {
  KernelState,
  KernelStore,
  RouterEntry,
  SnackbarCopy,
  SnackbarLink,
  SnackbarState,
  SnackbarVariant,
  ThemeState,
} from './store'
export type {
  Account,
  AccountState,
  AccountType,
  CaipAddress,
  CaipNetworkId,
  ChainNamespace,
  ConnectedWalletInfo,
  ConnectionStatus,
  Connector,
  ConnectorEvent,
  ConnectorType,
  ConnectResult,
  EmbeddedUser,
  Network,
  NetworkState,
  SocialProvider,
  TokenBalance,
  TransactionSummary,
  WalletAsset,
} from './types'
