/**
 * latchkit/plugins/siwe: sign-in with the wallet (EIP-4361). Nothing runs at import; the
 * view and viem's SIWE code load on first use.
 *
 * @example
 * import { siwe, httpVerifier, getSiweSession } from 'latchkit/plugins/siwe'
 * const kernel = createKernel({ networks, adapters: [evmAdapter()], plugins: [siwe({ verifier: httpVerifier(apiUrl) })] })
 * getSiweSession(kernel) // the active account's session, once signed in
 */

export type { GetSiweSessionErrorType, GetSiweSessionReturnType } from './actions/getSiweSession'
export { getSiweSession } from './actions/getSiweSession'
export type { RequestSiweErrorType, RequestSiweReturnType } from './actions/requestSiwe'
export { requestSiwe } from './actions/requestSiwe'
export type { SignOutErrorType } from './actions/signOut'
export { signOut } from './actions/signOut'
export { createMessage } from './createMessage'
export type { HttpVerifierOptions } from './httpVerifier'
export { httpVerifier } from './httpVerifier'
export { SIWE_PLUGIN_ID, SIWE_VIEW_ID } from './ids'
export type { SiweOptions } from './options'
export type { SiweSession } from './sessionSchema'
export { sessionCovers, sessionExpired, siweSessionKey, siweSessionSchema } from './sessionSchema'
export { siwe } from './siwe'
export type { SiweController } from './siweController'
export { siweController } from './siweController'
export type { SiweStringKey } from './strings'
export { siweStrings } from './strings'
export type { SiweTarget } from './target'
export { activeTarget } from './target'
export type { SiweFailure, SiweMessageParameters, SiweState, SiweVerifier } from './types'
