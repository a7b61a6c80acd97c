/**
 * latchkit/plugins/ens: names for EVM accounts. Nothing here runs at import; the lookups
 * load on the first one and the views when opened.
 *
 * Only the factory, the state's shape, the defaults, the strings and `coinTypeOf` are
 * exported: a helper re-exported here would be pulled into the initial load of every app
 * using ens().
 *
 * @example
 * import { ens } from 'latchkit/plugins/ens'
 * createKernel({ networks, adapters: [evmAdapter()], plugins: [ens()], api, projectId })
 */

export { coinTypeOf } from './coinTypeOf'
export { ens } from './ens'
export { ENS_PLUGIN_ID } from './ids'
export type { EnsMessageCode } from './messages'
export type { EnsOptions } from './options'
export type { EnsSettings, EnsState, Identity, NameSuggestion } from './state'
export { DEFAULT_ENS_SETTINGS, initialEnsState } from './state'
export type { EnsStringKey } from './strings'
export { ensStrings } from './strings'
