/**
 * 2-of-2 Shamir splits of the wallet entropy with Privy's audited `shamir-secret-sharing`:
 * either share alone says nothing about the secret; both together rebuild it. The library
 * does not check what it rebuilds, so callers compare the derived addresses afterwards
 * (see `rebuildWallet`).
 */
import { combine, split } from 'shamir-secret-sharing'
import { base64ToBytes, bytesToBase64 } from './bytes.js'
import { ShareMalformedError } from './keyErrors.js'
import { ENTROPY_BYTES } from './walletKeys.js'

/** A share is the secret's length plus one byte for its x coordinate. */
const SHARE_BYTES = ENTROPY_BYTES + 1

/** Two base64 shares of one split; both are needed. */
export type SharePair = readonly [string, string]

/**
 * Splits the entropy into two base64 shares.
 *
 * @example const [deviceShare, authShare] = await splitEntropy(entropy)
 */
export async function splitEntropy(entropy: Uint8Array): Promise<SharePair> {
  const [first, second] = await split(entropy, 2, 2)
  if (!first || !second) throw new Error('split gave fewer than two shares')
  return [bytesToBase64(first), bytesToBase64(second)]
}

/**
 * Rebuilds the entropy from the two shares of one split. Throws ShareMalformedError for a
 * share that is not base64 of the right length; two shares of different splits rebuild
 * garbage, which the address check catches.
 *
 * @example const entropy = await combineShares(deviceShare, authShare)
 */
export async function combineShares(first: string, second: string): Promise<Uint8Array> {
  return combine([decodeShare(first), decodeShare(second)])
}

function decodeShare(share: string): Uint8Array {
  let bytes: Uint8Array
  try {
    bytes = base64ToBytes(share)
  } catch {
    throw new ShareMalformedError('A key share')
  }
  if (bytes.length !== SHARE_BYTES) throw new ShareMalformedError('A key share')
  return bytes
}
