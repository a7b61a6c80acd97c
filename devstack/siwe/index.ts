/**
 * The reference sign-in verifier of the devstack (see README.md): an example of the
 * server half of the `siwe` plugin, meant to be copied into an integrator's backend.
 *
 * @example
 * import { createSiweVerifier } from '../devstack/siwe/index.js'
 * const verifier = await createSiweVerifier({ origin, chains: [{ chainId: 31337, rpcUrl }] })
 * const { url, stop } = await verifier.start()
 */
export type {
  CreateSiweVerifierOptions,
  SiweVerifierChain,
  SiweVerifierServer,
  StartedSiweVerifier,
} from './createSiweVerifier.js'
export { createSiweVerifier } from './createSiweVerifier.js'
export type { SiweDatabase, SiweDatabaseOption, SqlClient } from './database.js'
export { openSiweDatabase } from './database.js'
export { type SiweErrorCode, SiweVerifyError, siweErrors } from './errors.js'
export { NONCE_TTL_SECONDS } from './nonces.js'
export { openPglite } from './pgliteTemplate.js'
export { SESSION_COOKIE } from './sessionToken.js'
