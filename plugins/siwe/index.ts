/**
 * latchkit/plugins/siwe: sign-in with the wallet (EIP-4361). Nothing runs at import; the
 * view and viem's SIWE code load on first use.
 *
 * @example
 * import { siwe, httpVerifier, getSiweSession } from 'latchkit/plugins/siwe'
 * const kernel = createKernel({ networks, adapters: [evmAdapter()], plugins: [siwe({ verifier: httpVerifier(apiUrl) })] })
 * getSiweSession(kernel) // the active account's session, once signed in
 */
export { siwe } from './siwe'
export { httpVerifier } from './httpVerifier'
export type { HttpVerifierOptions } from './httpVerifier'
export { createMessage } from './createMessage'
export { getSiweSession } from './actions/getSiweSession'
export type { GetSiweSessionErrorType, GetSiweSessionReturnType } from './actions/getSiweSession'
export { requestSiwe } from './actions/requestSiwe'
export type { RequestSiweErrorType, RequestSiweReturnType } from './actions/requestSiwe'
export { signOut } from './actions/signOut'
export type { SignOutErrorType } from './actions/signOut'
export { siweController } from './service'
export type { SiweController } from './service'
export { SIWE_PLUGIN_ID, SIWE_VIEW_ID } from './ids'
export { sessionCovers, sessionExpired, siweSessionKey, siweSessionSchema } from './sessionSchema'
export type { SiweSession } from './sessionSchema'
export { activeTarget } from './target'
export type { SiweTarget } from './target'
export { siweStrings } from './strings'
export type { SiweStringKey } from './strings'
export type { SiweFailure, SiweMessageParameters, SiweOptions, SiweState, SiweVerifier } from './types'
