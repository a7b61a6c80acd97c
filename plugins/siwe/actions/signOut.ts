import type { Kernel, LatchError } from 'latchkit'
import { siweController } from '../siweController'

/** 'SIWX is not enabled' without the plugin; 'Failed to disconnect' when the wallet fails to. */
export type SignOutErrorType = LatchError

/**
 * Signs out: revokes the session on the verifier, forgets it here and disconnects the
 * wallet (the same as disconnecting, except that it waits for the revocation).
 *
 * @example
 * await signOut(kernel)
 */
export async function signOut(kernel: Kernel): Promise<void> {
  return siweController(kernel).signOut()
}
