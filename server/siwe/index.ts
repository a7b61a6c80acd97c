/**
 * The sign-in verifier (see README.md): the server half of the `siwe` plugin, served by
 * `latchkit-server` or mounted in an integrator's own Hono backend.
 *
 * @example
 * import { createSiweVerifier } from './server/siwe/index.js'
 * const verifier = await createSiweVerifier({ origin, chains: [{ chainId: 31337, rpcUrl }] })
 * const { url, stop } = await verifier.start()
 */

export { type CheckedMessage, checkMessage, ISSUED_AT_MAX_CLOCK_SKEW_SECONDS } from './checkMessage.js'
export type {
  CreateSiweVerifierOptions,
  SiweVerifierChain,
  SiweVerifierServer,
  StartedSiweVerifier,
} from './createSiweVerifier.js'
export { createSiweVerifier, MAX_MESSAGE_LENGTH, MAX_REQUEST_BYTES } from './createSiweVerifier.js'
export type { SiweDatabase, SiweDatabaseOption } from './database.js'
export { openSiweDatabase } from './database.js'
export { type SiweErrorCode, SiweVerifyError, siweAnswerCode, siweErrors } from './errors.js'
export { NONCE_TTL_SECONDS } from './nonces.js'
export {
  parseSiweMessage,
  SiweMessageError,
  type SiweMessageFault,
  type SiweMessageFields,
  siweMessageFaults,
} from './parseMessage.js'
export { SESSION_COOKIE } from './sessionToken.js'
export { checkSignature, MAX_SIGNATURE_BYTES, MIN_SIGNATURE_BYTES } from './signature.js'
