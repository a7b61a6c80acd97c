import type { LatchError } from 'latchkit'
import type { EmbeddedWalletStringKey } from './strings'

/** The frame's answer to an RPC method it does not offer. */
export const RPC_NOT_ALLOWED = 'Requested RPC call is not allowed'

/**
 * The alert a failure of the embedded wallet deserves, as a string key, or undefined for
 * a failure its view shows itself (a wrong code, a declined signature).
 *
 * @example
 * alertFor(frameError('iframe_load_failed')) // 'embeddedWallet.alert.loadFailed'
 */
export function alertFor(error: unknown): EmbeddedWalletStringKey | undefined {
  const { code, shortMessage } = (error ?? {}) as Partial<LatchError>
  if (code === 'iframe_load_failed') return 'embeddedWallet.alert.loadFailed'
  if (code === 'iframe_request_timeout') return 'embeddedWallet.alert.timedOut'
  if (code === 'EMBEDDED_WALLET_ORIGIN_REFUSED') return 'embeddedWallet.alert.invalidConfig'
  if (code === 'PROJECT_ID_NOT_CONFIGURED') return 'embeddedWallet.alert.noProjectId'
  if (shortMessage === RPC_NOT_ALLOWED) return 'embeddedWallet.alert.notAllowed'
  return undefined
}
