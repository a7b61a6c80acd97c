import { LatchError, type LatchErrorOptions } from 'latchkit'

/** The messages sign-in raises, keyed by the stable codes that accompany them. */
export const siweMessages = {
  /** Asking the verifier for a nonce failed: the wallet is disconnected and the view reset. */
  SIWX_INIT_FAILED: 'A problem occurred while trying initialize authentication',
  SIGNATURE_DECLINED: 'Signature declined',
  /** Signing failed with a smart account: the app may not support its signatures. */
  SMART_ACCOUNT_SIGN_UNSUPPORTED: 'This application might not support Smart Accounts',
  AUTHENTICATING: 'Authenticating...',
  SIWX_NOT_ENABLED: 'SIWX is not enabled',
  /** The app's server has no sign-in verifier (its routes answer 501 SIWE_NOT_CONFIGURED). */
  SIWE_NOT_CONFIGURED: 'Sign-in is not available in this app',
} as const

export type SiweMessageCode = keyof typeof siweMessages

/**
 * A sign-in error with its catalogue message.
 *
 * @example
 * throw siweError('SIGNATURE_DECLINED', { cause })
 */
export function siweError(code: SiweMessageCode, options: Omit<LatchErrorOptions, 'code'> = {}): LatchError {
  return new LatchError(siweMessages[code], { ...options, code })
}
