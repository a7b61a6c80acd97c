import type { Kernel } from 'latchkit'
import { SIWE_PLUGIN_ID } from './ids'
import { siweError } from './messages'
import type { SiweSession } from './sessionSchema'

/**
 * What the plugin offers the actions and its view through `kernel.services`, so neither
 * holds module state and a kernel without the plugin answers 'SIWX is not enabled'.
 */
export interface SiweController {
  readonly required: boolean
  /** The session that covers the active account and chain, if any. */
  activeSession(): SiweSession | undefined
  /** Runs a sign-in for the active account: nonce, message, wallet signature, verification. */
  signIn(): Promise<SiweSession>
  /** The view's Cancel: disconnects when sign-in is required, otherwise only closes. */
  cancel(): Promise<void>
  /** Revokes the session on the server, forgets it, and disconnects the wallet. */
  signOut(): Promise<void>
}

/**
 * The controller of the kernel's siwe plugin; throws 'SIWX is not enabled'
 * (code SIWX_NOT_ENABLED) when the plugin is not installed.
 *
 * @example
 * siweController(kernel).signIn()
 */
export function siweController(kernel: Kernel): SiweController {
  const controller = kernel.services.get(SIWE_PLUGIN_ID) as SiweController | undefined
  if (!controller) {
    throw siweError('SIWX_NOT_ENABLED', {
      details: 'Add siwe({ verifier }) from latchkit/plugins/siwe to options.plugins.',
    })
  }
  return controller
}
