/**
 * Why the verifier refused a request. Every refusal is a JSON body `{ error, message }`
 * with one of these stable codes, so a client (and a test) can tell them apart without
 * reading prose.
 */
export const siweErrors = {
  invalid_request: { status: 400, message: 'The request body is not what this endpoint takes' },
  invalid_message: { status: 400, message: 'The message is not an EIP-4361 sign-in message' },
  domain_mismatch: { status: 422, message: 'The message was made for another domain' },
  uri_mismatch: { status: 422, message: 'The message URI is not on this app' },
  chain_not_supported: { status: 422, message: 'The message names a chain this verifier does not serve' },
  message_expired: { status: 422, message: 'The message has expired' },
  message_not_yet_valid: { status: 422, message: 'The message is not valid yet' },
  signature_invalid: { status: 401, message: 'The signature does not match the message and address' },
  nonce_unknown: { status: 422, message: 'The nonce was not issued by this verifier' },
  nonce_expired: { status: 422, message: 'The nonce has expired' },
  nonce_used: { status: 422, message: 'The nonce was already used' },
  chain_unavailable: { status: 502, message: 'The chain could not be asked to check the signature' },
  no_session: { status: 401, message: 'No session' },
} as const

export type SiweErrorCode = keyof typeof siweErrors

/** A refusal that the routes turn into `{ error, message }` with the code's status. */
export class SiweVerifyError extends Error {
  override name = 'SiweVerifyError'
  readonly code: SiweErrorCode
  constructor(code: SiweErrorCode, options?: { cause?: unknown }) {
    super(siweErrors[code].message, options)
    this.code = code
  }
}
