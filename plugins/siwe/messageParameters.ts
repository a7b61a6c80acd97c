import { type Kernel, ValidationError } from 'latchkit'
import type { SiweOptions } from './options'
import type { SiweTarget } from './target'
import type { SiweMessageParameters } from './types'

/**
 * How long a sign-in lasts unless `siwe({ expiresInMs })` says otherwise: 7 days, the
 * verifier's own longest session. The message signs it as its Expiration Time, so no
 * verifier can keep the session longer than the visitor agreed to.
 */
export const DEFAULT_SIWE_EXPIRES_IN_MS = 7 * 24 * 60 * 60 * 1000

/**
 * The fields of the message to sign: the account and chain, the verifier's nonce, and the
 * page the visitor is on (the verifier binds the message to that domain and URI).
 *
 * @example
 * messageParameters(kernel, options, target, nonce) // { address, chainId, nonce, domain: location.host, ... }
 */
export function messageParameters(
  kernel: Kernel,
  options: SiweOptions,
  target: SiweTarget,
  nonce: string,
): SiweMessageParameters {
  const location = (globalThis as { location?: { host?: string; origin?: string } }).location
  const domain = options.domain ?? location?.host
  const uri = options.uri ?? location?.origin
  if (!domain || !uri) {
    throw new ValidationError('No domain for the sign-in message', {
      code: 'VALIDATION_FAILED',
      details: 'Outside a browser page, pass siwe({ domain, uri }).',
    })
  }
  const issuedAt = new Date()
  const expiresInMs = options.expiresInMs ?? DEFAULT_SIWE_EXPIRES_IN_MS
  const name = kernel.options.metadata?.name
  const statement = options.statement ?? (name ? `Sign in to ${name}` : undefined)
  return {
    address: target.address,
    chainId: target.chainId,
    nonce,
    domain,
    uri,
    issuedAt: issuedAt.toISOString(),
    ...(expiresInMs > 0 ? { expirationTime: new Date(issuedAt.getTime() + expiresInMs).toISOString() } : {}),
    ...(statement ? { statement } : {}),
  }
}
