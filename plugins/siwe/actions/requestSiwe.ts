import type { Kernel, LatchError } from 'latchkit'
import type { SiweSession } from '../sessionSchema'
import { siweController } from '../siweController'

export type RequestSiweReturnType = SiweSession
/**
 * 'SIWX is not enabled' without the plugin; 'No ActiveCaipAddress found' when nothing is
 * connected; 'Signature declined', 'This application might not support Smart Accounts'
 * or 'A problem occurred while trying initialize authentication' when the sign-in fails.
 */
export type RequestSiweErrorType = LatchError

/**
 * Asks the connected wallet to sign in now (for an app with its own button): fetches a
 * nonce, has the wallet sign the EIP-4361 message and lets the verifier create the session.
 * The ConnectingSiwe view shows the same progress when it is open.
 *
 * @example
 * const session = await requestSiwe(kernel)
 */
export async function requestSiwe(kernel: Kernel): Promise<RequestSiweReturnType> {
  return siweController(kernel).signIn()
}
