import { type LatchError, ValidationError } from 'latchkit'
import { messages } from 'latchkit/internal'
import { isAddress, isSignedMessage, toChecksumAddress } from '../address'
import { utf8ToHex } from '../hex'
import { type Eip1193Provider, request } from '../provider'

export interface SignMessageParameters {
  /** The signing account. */
  address: string
  /** UTF-8 text, signed as EIP-191 personal message. */
  message: string
}
/** The signature, `0x`-hex. */
export type SignMessageReturnType = `0x${string}`
/** UserRejectedRequestError (4001) and other mapped wallet errors; ValidationError for bad input or output. */
export type SignMessageErrorType = LatchError

/**
 * Asks the wallet to sign `message` with `personal_sign`. The message is sent hex-encoded,
 * so every wallet reads it as UTF-8 text rather than guessing whether it is already hex.
 *
 * @example
 * const signature = await signMessage(provider, { address, message: 'Hello' })
 */
export async function signMessage(
  provider: Eip1193Provider,
  { address, message }: SignMessageParameters,
): Promise<SignMessageReturnType> {
  if (!isAddress(address, { strict: false })) {
    throw new ValidationError(messages.VALIDATION_FAILED, {
      code: 'VALIDATION_FAILED',
      details: `Not an address: ${address}`,
    })
  }
  const signature = await request(provider, {
    method: 'personal_sign',
    params: [utf8ToHex(message), toChecksumAddress(address)],
  })
  // A signed message is 0x followed by 62 or more hex characters.
  if (!isSignedMessage(signature)) {
    throw new ValidationError(messages.VALIDATION_FAILED, {
      code: 'VALIDATION_FAILED',
      details: 'personal_sign did not answer with a hex signature',
    })
  }
  return signature
}
