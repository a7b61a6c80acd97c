import type { SiweSession } from './sessionSchema'

/** What the plugin hands to `createMessage`: the EIP-4361 fields it knows. */
export interface SiweMessageParameters {
  /** Checksummed EIP-55 address of the signing account. */
  address: string
  chainId: number
  /** From the verifier's `getNonce`. */
  nonce: string
  /** The host the visitor sees, e.g. `app.example` (`location.host` by default). */
  domain: string
  /** The page's origin, e.g. `https://app.example` (`location.origin` by default). */
  uri: string
  /** ISO 8601. */
  issuedAt: string
  /** ISO 8601; absent when the plugin's `expiresInMs` is 0. */
  expirationTime?: string
  /** The human-readable line the wallet shows above the fields. */
  statement?: string
}

/**
 * The server half of sign-in, supplied by the integrator: where nonces come from and who
 * decides that a signature is good. The plugin never trusts its own judgement of a
 * signature; a session exists because `verify` said so. `httpVerifier(url)` talks to the
 * reference verifier (server/siwe, served by `latchkit-server --siwe-origin`).
 *
 * @example
 * const verifier: SiweVerifier = {
 *   getNonce: async () => (await api.post('/siwe/nonce')).nonce,
 *   verify: async ({ message, signature }) => (await api.post('/siwe/verify', { message, signature })).session,
 *   getSession: async () => (await api.get('/siwe/session')).session,
 *   revokeSession: async () => void (await api.post('/siwe/revoke')),
 * }
 */
export interface SiweVerifier {
  /**
   * The verifier's base URL, when it is an HTTP one (`httpVerifier` sets it). When it is the
   * app's Blockchain API URL, the plugin reads `GET /v1/features` and offers no sign-in
   * while that server has no verifier (`siwe: false`).
   */
  readonly url?: string
  /**
   * A fresh, single-use nonce from the server. A server without a verifier is told by a
   * failure with `status: 501` (`httpVerifier` throws an HttpError): the plugin then offers
   * no sign-in and says why, rather than reporting a failure.
   */
  getNonce(params: { address: string; chainId: number }): Promise<string>
  /** Builds the message to sign. Default: EIP-4361 through viem's `createSiweMessage`. */
  createMessage?(params: SiweMessageParameters): string | Promise<string>
  /** Checks the signed message on the server and answers with the session it created. */
  verify(params: {
    message: string
    signature: string
    address: string
    chainId: number
  }): Promise<SiweSession>
  /**
   * The session the server still honours, or undefined. Asked at start-up about the session
   * kept from the last visit (`session` is that one: a verifier may need its token).
   */
  getSession(params: { session?: SiweSession }): Promise<SiweSession | undefined>
  /** Ends a session on the server (sign-out, disconnect, or a newer session replacing it). */
  revokeSession(session: SiweSession): Promise<void>
}

/** Why the last sign-in failed, as plain data (the store holds no Error objects). */
export interface SiweFailure {
  /** A code of the kernel's catalogue: SIGNATURE_DECLINED, SMART_ACCOUNT_SIGN_UNSUPPORTED, SIWX_INIT_FAILED. */
  code: 'SIGNATURE_DECLINED' | 'SMART_ACCOUNT_SIGN_UNSUPPORTED' | 'SIWX_INIT_FAILED'
  message: string
}

/** The plugin's slice of the kernel state, under `plugins.siwe`. */
export interface SiweState {
  /** The current session (it may cover another account than the active one). */
  session: SiweSession | undefined
  /** 'signing' while the wallet prompt and the verification run (the view shows 'Authenticating...'). */
  status: 'idle' | 'signing'
  error: SiweFailure | undefined
  required: boolean
  /**
   * True once the app's server is known to have no sign-in verifier (`GET /v1/features`
   * said `siwe: false`, or the nonce request answered 501): the sign view is not opened,
   * `requestSiwe` rejects with SIWE_NOT_CONFIGURED, and an open view says
   * 'Sign-in is not available in this app'.
   */
  unavailable: boolean
}

declare module 'latchkit' {
  interface KernelEvents {
    /** A session was created and stored. */
    'siwe:signed-in': { session: SiweSession }
    /** A session ended: sign-out, disconnect, or the server no longer honours it. */
    'siwe:signed-out': { session: SiweSession; reason: 'sign-out' | 'disconnect' | 'expired' | 'replaced' }
  }
}
