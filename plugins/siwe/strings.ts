import { siweMessages } from './messages'

/**
 * The plugin's English strings, registered as defaults at setup; a locale overrides any
 * of them by key.
 */
export const siweStrings = {
  'siwe.title': 'Sign In',
  'siwe.heading': '{name} wants to connect to your wallet',
  'siwe.thisApp': 'This app',
  'siwe.hint': 'Sign this message to prove you own this wallet and proceed.',
  'siwe.hintRequired':
    'Sign this message to prove you own this wallet and proceed. Canceling will disconnect you.',
  'siwe.sign': 'Sign',
  'siwe.cancel': 'Cancel',
  'siwe.authenticating': siweMessages.AUTHENTICATING,
  'siwe.error.SIGNATURE_DECLINED': siweMessages.SIGNATURE_DECLINED,
  'siwe.error.SMART_ACCOUNT_SIGN_UNSUPPORTED': siweMessages.SMART_ACCOUNT_SIGN_UNSUPPORTED,
  'siwe.error.SIWX_INIT_FAILED': siweMessages.SIWX_INIT_FAILED,
  'siwe.notServed': siweMessages.SIWE_NOT_CONFIGURED,
} as const satisfies Record<string, string>

export type SiweStringKey = keyof typeof siweStrings
