import { ConfigError } from 'latchkit'
import * as z from 'zod/mini'
import type { SiweVerifier } from './types'

/** The plugin's options. */
export interface SiweOptions {
  verifier: SiweVerifier
  /**
   * When true, a connected visitor must sign in: the modal cannot be closed before, and
   * Cancel disconnects the wallet. Default false.
   */
  required?: boolean
  /** Default: `location.host`. */
  domain?: string
  /** Default: `location.origin`. */
  uri?: string
  /**
   * Default: 'Sign in to {metadata.name}' when the kernel has metadata, else none. One line
   * of the characters EIP-4361 allows (ASCII letters, digits, space and
   * `-._~:/?#[]@!$&'()*+,;=`); the default message builder drops accents and turns any
   * other character into a space, since a strict verifier refuses the message otherwise.
   */
  statement?: string
  /**
   * How long the sign-in lasts: the message carries an Expiration Time this far after its
   * Issued At, and the verifier ends the session then (or earlier, at its own limit).
   * Default 7 days; 0: no Expiration Time, the verifier's limit alone applies.
   */
  expiresInMs?: number
}

const method = z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function')

// Checked, not transformed: the integrator's verifier object is used as given (its
// methods may rely on `this`).
const optionsSchema = z.object({
  verifier: z.looseObject({
    getNonce: method,
    createMessage: z.optional(method),
    verify: method,
    getSession: method,
    revokeSession: method,
  }),
  required: z.optional(z.boolean()),
  domain: z.optional(z.string().check(z.minLength(1))),
  uri: z.optional(z.url()),
  statement: z.optional(z.string().check(z.regex(/^[^\n]*$/))),
  expiresInMs: z.optional(z.number().check(z.nonnegative())),
})

/**
 * Refuses options the plugin cannot work with (a verifier without its four methods, a
 * statement on two lines, ...) with a ConfigError that names them.
 *
 * @example
 * checkOptions({ verifier: httpVerifier('https://api.example') })
 */
export function checkOptions(options: SiweOptions): void {
  const result = z.safeParse(optionsSchema, options)
  if (result.success) return
  const where = result.error.issues.map((issue) => issue.path.join('.') || '(options)').join(', ')
  throw new ConfigError('Invalid siwe options', {
    code: 'INVALID_OPTIONS',
    details: `Check ${where}. siwe({ verifier }) needs a verifier with getNonce, verify, getSession and revokeSession (httpVerifier(url) makes one).`,
  })
}
