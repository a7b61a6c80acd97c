import { type SiweMessageFault, siweMessageFaults } from './parseMessage.js'

/**
 * Why the verifier refused a request. Every refusal is the servers' one error shape,
 * JSON `{ code, message, details? }`, with `code` the UPPER_SNAKE form of one of these
 * stable names ({@link siweAnswerCode}: `nonce_used` is answered `NONCE_USED`), so a
 * client (and a test) can tell them apart without reading prose. `invalid_message` adds
 * `details.reason`, the grammar rule the message broke (see `siweMessageFaults`). For one
 * release the older fields are sent too: `error` with the lower_snake name and `reason`
 * at the top level. No answer repeats the request.
 */
export const siweErrors = {
  invalid_request: { status: 400, message: 'The request body is not what this endpoint takes' },
  invalid_message: { status: 400, message: 'The message is not an EIP-4361 sign-in message' },
  signature_malformed: {
    status: 400,
    message: 'The signature is not 0x and an even number of hex digits of a signature size',
  },
  domain_mismatch: { status: 422, message: 'The message was made for another domain' },
  scheme_mismatch: {
    status: 422,
    message: 'The scheme before the message domain is not the app origin scheme',
  },
  uri_mismatch: { status: 422, message: 'The message URI is not on this app' },
  chain_not_supported: { status: 422, message: 'The message names a chain this verifier does not serve' },
  message_expired: { status: 422, message: 'The message has expired' },
  message_not_yet_valid: { status: 422, message: 'The message is not valid yet' },
  message_issued_in_future: { status: 422, message: 'The message Issued At is in the future' },
  signature_invalid: { status: 401, message: 'The signature does not match the message and address' },
  nonce_unknown: { status: 422, message: 'The nonce was not issued by this verifier' },
  nonce_expired: { status: 422, message: 'The nonce has expired' },
  nonce_used: { status: 422, message: 'The nonce was already used' },
  chain_unavailable: { status: 502, message: 'The chain could not be asked to check the signature' },
  no_session: { status: 401, message: 'No session' },
  origin_not_allowed: { status: 403, message: 'Requests from this origin are not allowed' },
  not_found: { status: 404, message: 'No such sign-in route' },
  request_too_large: { status: 413, message: 'The request body is larger than the verifier takes' },
  internal_error: { status: 500, message: 'The verifier failed to answer' },
} as const

export type SiweErrorCode = keyof typeof siweErrors

/**
 * The `code` a refusal is answered with: the servers' UPPER_SNAKE style of the verifier's
 * lower_snake name (which is still sent as `error` for one release).
 *
 * @example siweAnswerCode('nonce_used') // 'NONCE_USED'
 */
export function siweAnswerCode(code: SiweErrorCode): string {
  return code.toUpperCase()
}

/** A refusal that the routes turn into the one error shape with the code's status. */
export class SiweVerifyError extends Error {
  override name = 'SiweVerifyError'
  readonly code: SiweErrorCode
  /** For `invalid_message`: the grammar rule the message broke. */
  readonly reason: SiweMessageFault | undefined
  constructor(code: SiweErrorCode, options?: { cause?: unknown; reason?: SiweMessageFault }) {
    const base = siweErrors[code].message
    super(options?.reason ? `${base}: ${siweMessageFaults[options.reason]}` : base, options)
    this.code = code
    this.reason = options?.reason
  }
}
