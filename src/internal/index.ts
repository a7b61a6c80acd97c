/**
 * latchkit/internal: helpers for plugin and adapter authors. UNSTABLE: names and shapes
 * here may change in any release, without a major version. Integrators use `latchkit`.
 * The HTTP client and retries are in `latchkit/internal/http`.
 *
 * @example
 * import { latchError, loadModule, parseWith } from 'latchkit/internal'
 */

export type { AccountInView } from '../kernel/accountInView'
export { accountInView } from '../kernel/accountInView'
export { requireAdapter } from '../kernel/actions/requireAdapter'
export type { CreateApiOptions } from '../kernel/api/createApi'
export { createApi } from '../kernel/api/createApi'
export type { ApiTransportOptions } from '../kernel/api/sendApiRequest'
export type { AuthNamespace } from '../kernel/authNamespaces'
export { AUTH_NAMESPACES } from '../kernel/authNamespaces'
export { createBus } from '../kernel/bus'
export type { FailureGate, FailureGateOptions, TtlCache, TtlCacheOptions } from '../kernel/cache'
export {
  CACHE_MAX_ENTRIES,
  createFailureGate,
  createTtlCache,
  NATIVE_BALANCE_TTL_MS,
  PORTFOLIO_TTL_MS,
  TOKEN_BALANCE_RETRY_MS,
} from '../kernel/cache'
export { isSupportedNetwork } from '../kernel/connection'
export type { RpcErrorKind } from '../kernel/errors'
export { describeRpcCode, formatMessage, latchError, messages, rpcCodes, toRpcError } from '../kernel/errors'
export type { I18n } from '../kernel/i18n'
export type { KernelInternal } from '../kernel/kernelTypes'
export { loadModule } from '../kernel/loadModule'
export type { LogEntry, LogEntryLevel, LoggerOptions, LogSink } from '../kernel/logger'
export { consoleSink, createLogger, DEFAULT_LOG_LEVEL, LOG_BUFFER_BYTES } from '../kernel/logger'
export { onActiveAccountChange } from '../kernel/onActiveAccountChange'
export { DEFAULT_SDK_VERSION } from '../kernel/options'
export type { PluginSliceAccess } from '../kernel/pluginSlice'
export { pluginSlice } from '../kernel/pluginSlice'
export { createRegistry } from '../kernel/registry'
export { safeImageUrl } from '../kernel/safeImageUrl'
export { SNACKBAR_REPLACE_DELAY_MS, SNACKBAR_VISIBLE_MS } from '../kernel/snackbar'
export type {
  LatchStorage,
  RecentWallet,
  StorageKey,
  StorageKeyName,
  StorageOptions,
  StorageValues,
} from '../kernel/storage'
export {
  addRecentWallet,
  createMemoryBackend,
  createStorage,
  defineStorageKey,
  RECENT_WALLETS_LIMIT,
  storageKeys,
} from '../kernel/storage'
export { defaultPreferredAccountTypes, initialAccountState, initialNetworkState } from '../kernel/store'
export type { ValidationIssue } from '../kernel/validation'
export { parseWith } from '../kernel/validation'
export type { ServedFeatures } from './watchServedFeatures'
export { watchServedFeatures } from './watchServedFeatures'
