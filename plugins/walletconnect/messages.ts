import { LatchError } from 'latchkit'
import { toRpcError } from 'latchkit/internal'

/** The SDK's codes for a wallet that said no (USER_REJECTED, _CHAINS, _METHODS, _EVENTS). */
const WALLET_REJECTION_CODES = [5000, 5001, 5002, 5003, 4001]

/**
 * A WalletConnect failure as a Latchkit error: a wallet's rejection becomes a 4001 user
 * rejection (so views show "declined"), anything else keeps its code and message.
 *
 * @example
 * approval().catch((error) => { throw walletConnectError(error) })
 */
export function walletConnectError(error: unknown): LatchError {
  const code = (error as { code?: unknown } | undefined)?.code
  if (typeof code === 'number' && WALLET_REJECTION_CODES.includes(code)) {
    return toRpcError({
      code: 4001,
      message: String((error as { message?: unknown }).message ?? 'User rejected'),
    })
  }
  return toRpcError(error)
}

/** No wallet approved before the last pairing code expired. */
export function pairingExpiredError(): LatchError {
  return new LatchError('The pairing code expired', {
    code: 'WALLETCONNECT_PAIRING_EXPIRED',
    details: 'No wallet approved the connection in time; make a new code and scan it again.',
  })
}

/** A second connect while a stored session is still being restored. */
export function reconnectingError(): LatchError {
  return new LatchError('Connector unavailable while reconnecting', {
    code: 'CONNECTOR_RECONNECTING',
    details: 'WalletConnect is restoring the previous session; try again when it has finished.',
  })
}
