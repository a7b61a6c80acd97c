import { type Kernel, ValidationError } from 'latchkit'
import type { SiweOptions } from './options'
import type { SiweTarget } from './target'
import type { SiweMessageParameters } from './types'

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
  const name = kernel.options.metadata?.name
  const statement = options.statement ?? (name ? `Sign in to ${name}` : undefined)
  return {
    address: target.address,
    chainId: target.chainId,
    nonce,
    domain,
    uri,
    issuedAt: issuedAt.toISOString(),
    ...(options.expiresInMs
      ? { expirationTime: new Date(issuedAt.getTime() + options.expiresInMs).toISOString() }
      : {}),
    ...(statement ? { statement } : {}),
  }
}
