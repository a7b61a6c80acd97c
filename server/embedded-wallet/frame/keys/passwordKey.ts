/**
 * The recovery share under the person's recovery password: scrypt (N=2^17, r=8, p=1, from
 * @noble/hashes) turns the password and a random salt into an AES-256-GCM key (WebCrypto)
 * that seals the share. The parameters and salt travel with the ciphertext as `kdf`, so a
 * later frame reads what an earlier one wrote. A wrong password fails GCM's tag check.
 */
import { scryptAsync } from '@noble/hashes/scrypt'
import { base64ToBytes, bytesToBase64 } from './bytes.js'
import { FrameKeyError, ShareMalformedError, WrongRecoveryPasswordError } from './keyErrors.js'

/** How the password key was derived; stored beside the encrypted share. */
export interface RecoveryKdf {
  name: 'scrypt'
  N: number
  r: number
  p: number
  dkLen: 32
  /** Base64 of 16 random bytes. */
  salt: string
}

/** What the service keeps for recovery (besides the other half of the recovery split). */
export interface PasswordSealedShare {
  /** Base64 of the 12-byte GCM nonce followed by the ciphertext and its tag. */
  encryptedShare: string
  kdf: RecoveryKdf
}

export const RECOVERY_KDF_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const
const IV_BYTES = 12
const SALT_BYTES = 16
/**
 * The weakest parameters this frame opens: a record with less work than this was not
 * written by it (a service cannot make a guessable key by lowering them), and more than
 * 2^20 would hold a tab's memory for a gigabyte.
 */
const MIN_N = 2 ** 15
const MAX_N = 2 ** 20

/**
 * Seals a share under the password.
 *
 * @example const { encryptedShare, kdf } = await sealWithPassword(share, 'correct horse battery')
 */
export async function sealWithPassword(share: string, password: string): Promise<PasswordSealedShare> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES))
  const kdf: RecoveryKdf = { name: 'scrypt', ...RECOVERY_KDF_PARAMS, dkLen: 32, salt: bytesToBase64(salt) }
  const key = await passwordKey(password, kdf)
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES))
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(share)),
  )
  const out = new Uint8Array(IV_BYTES + sealed.length)
  out.set(iv)
  out.set(sealed, IV_BYTES)
  return { encryptedShare: bytesToBase64(out), kdf }
}

/**
 * Opens a sealed share; throws WrongRecoveryPasswordError when the password is not the one
 * it was sealed with, and changes nothing anywhere.
 *
 * @example const share = await openWithPassword(sealed, 'correct horse battery')
 */
export async function openWithPassword(sealed: PasswordSealedShare, password: string): Promise<string> {
  let bytes: Uint8Array<ArrayBuffer>
  try {
    bytes = base64ToBytes(sealed.encryptedShare)
  } catch {
    throw new ShareMalformedError('The recovery share')
  }
  if (bytes.length <= IV_BYTES + 16) throw new ShareMalformedError('The recovery share')
  const key = await passwordKey(password, sealed.kdf)
  try {
    const opened = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.slice(0, IV_BYTES) },
      key,
      bytes.slice(IV_BYTES),
    )
    return new TextDecoder().decode(opened)
  } catch {
    throw new WrongRecoveryPasswordError()
  }
}

async function passwordKey(password: string, kdf: RecoveryKdf): Promise<CryptoKey> {
  checkKdf(kdf)
  let salt: Uint8Array<ArrayBuffer>
  try {
    salt = base64ToBytes(kdf.salt)
  } catch {
    throw new ShareMalformedError('The recovery salt')
  }
  // NFKC so the same password typed on another keyboard or OS gives the same key.
  const raw = await scryptAsync(password.normalize('NFKC'), salt, {
    N: kdf.N,
    r: kdf.r,
    p: kdf.p,
    dkLen: 32,
  })
  try {
    return await crypto.subtle.importKey('raw', raw as Uint8Array<ArrayBuffer>, 'AES-GCM', false, [
      'encrypt',
      'decrypt',
    ])
  } finally {
    raw.fill(0)
  }
}

function checkKdf(kdf: RecoveryKdf): void {
  const powerOfTwo = Number.isInteger(Math.log2(kdf.N))
  if (
    kdf.name !== 'scrypt' ||
    kdf.dkLen !== 32 ||
    !powerOfTwo ||
    kdf.N < MIN_N ||
    kdf.N > MAX_N ||
    kdf.r !== 8 ||
    kdf.p !== 1
  ) {
    throw new FrameKeyError(
      'kdf_unsupported',
      'The recovery record uses key derivation settings this wallet does not open',
    )
  }
}
