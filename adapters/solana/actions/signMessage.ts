import { getBase58Decoder } from '@solana/kit'
import { type LatchError, ValidationError } from 'latchkit'
import { messages, toRpcError } from 'latchkit/internal'
import { accountOf } from '../wallet'
import { callWallet } from '../walletErrors'
import { featureOf, SOLANA_SIGN_MESSAGE, type StandardWallet } from '../walletStandard'

export interface SignMessageParameters {
  /** The signing account. */
  address: string
  /** UTF-8 text. */
  message: string
}
/** The ed25519 signature, base58 (64 bytes), as Solana tools print signatures. */
export type SignMessageReturnType = string
/** UserRejectedRequestError when declined, UnsupportedProviderMethodError (4200) without the feature. */
export type SignMessageErrorType = LatchError

/**
 * Asks the wallet to sign `message` (UTF-8) with `solana:signMessage`.
 *
 * @example
 * const signature = await signMessage(wallet, { address, message: 'Hello' })
 */
export async function signMessage(
  wallet: StandardWallet,
  { address, message }: SignMessageParameters,
): Promise<SignMessageReturnType> {
  const account = accountOf(wallet, address)
  const feature = featureOf(wallet, SOLANA_SIGN_MESSAGE)
  if (!feature) throw toRpcError({ code: 4200, message: `${wallet.name} cannot sign messages` })
  const [output] = await callWallet(() =>
    feature.signMessage({ account, message: new TextEncoder().encode(message) }),
  )
  if (!(output?.signature instanceof Uint8Array) || output.signature.length !== 64) {
    throw new ValidationError(messages.VALIDATION_FAILED, {
      code: 'VALIDATION_FAILED',
      details: 'solana:signMessage did not answer with a 64-byte signature',
    })
  }
  return getBase58Decoder().decode(output.signature)
}
