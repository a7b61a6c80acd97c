import type { Kernel, LatchError } from 'latchkit'
import type { SiweSession } from '../sessionSchema'
import { siweController } from '../siweController'

export type GetSiweSessionReturnType = SiweSession | undefined
/** 'SIWX is not enabled' (SIWX_NOT_ENABLED) without the plugin. */
export type GetSiweSessionErrorType = LatchError

/**
 * The sign-in session of the active account and chain, or undefined when the visitor has
 * not signed in (or switched to an account or chain the session does not cover).
 *
 * @example
 * const session = getSiweSession(kernel)
 * if (session) showMemberArea(session.address)
 */
export function getSiweSession(kernel: Kernel): GetSiweSessionReturnType {
  return siweController(kernel).activeSession()
}
