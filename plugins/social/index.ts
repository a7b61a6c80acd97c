/**
 * latchkit/plugins/social: log in with Google, X, Discord, GitHub, Apple or Facebook to the
 * embedded wallet (needs `latchkit/plugins/embedded-wallet` in the same plugin list, and
 * the providers configured in the frame service).
 *
 * @example
 * import { social } from 'latchkit/plugins/social'
 * createKernel({ networks, adapters, projectId, plugins: [embeddedWallet({ frameUrl }), social()] })
 */
export { SOCIAL_PLUGIN_ID, SOCIAL_VIEWS } from './ids'
export type { SocialErrorCode } from './messages'
export { socialMessages } from './messages'
export type { SocialOptions } from './options'
export {
  isSocialProvider,
  SOCIAL_PROVIDER_NAMES,
  SOCIAL_PROVIDERS,
  type SocialLoginProvider,
} from './providers'
export { social } from './social'
export type { SocialStringKey } from './strings'
export { socialStrings } from './strings'
