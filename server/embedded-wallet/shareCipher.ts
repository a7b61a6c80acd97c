/**
 * Encryption at rest of the shares the service keeps: AES-256-GCM (node:crypto's WebCrypto)
 * under the service's 32-byte share key, a fresh 12-byte IV per share, and the share's
 * place (user, kind, device) as additional data, so a ciphertext copied to another row
 * fails to open. A copy of the database alone reads no share.
 */
import { webcrypto } from 'node:crypto'

const IV_BYTES = 12

export type ShareCipher = {
  /** IV followed by ciphertext and tag. */
  seal(plain: Uint8Array, place: string): Promise<Uint8Array>
  open(sealed: Uint8Array, place: string): Promise<Uint8Array>
}

/**
 * The share key from its base64 form; anything but exactly 32 bytes is a set-up error.
 *
 * @example
 * const key = readShareKey(process.env.LATCHKIT_FRAME_SHARE_KEY ?? '')
 */
export function readShareKey(base64: string): Uint8Array {
  const trimmed = base64.trim()
  const bytes = /^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed) ? Buffer.from(trimmed, 'base64') : Buffer.alloc(0)
  if (bytes.length !== 32)
    throw new Error('the frame service shareKey must be 32 random bytes in base64 (openssl rand -base64 32)')
  return new Uint8Array(bytes)
}

/**
 * @example
 * const cipher = await createShareCipher(readShareKey(options.shareKey))
 * const sealed = await cipher.seal(share, `auth:${userId}:${deviceId}`)
 */
export async function createShareCipher(key: Uint8Array): Promise<ShareCipher> {
  const cryptoKey = await webcrypto.subtle.importKey('raw', key, 'AES-GCM', false, ['encrypt', 'decrypt'])
  const additionalData = (place: string) => new TextEncoder().encode(`latchkit-frame-share:${place}`)
  return {
    async seal(plain, place) {
      const iv = webcrypto.getRandomValues(new Uint8Array(IV_BYTES))
      const sealed = await webcrypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: additionalData(place) },
        cryptoKey,
        plain,
      )
      const out = new Uint8Array(IV_BYTES + sealed.byteLength)
      out.set(iv, 0)
      out.set(new Uint8Array(sealed), IV_BYTES)
      return out
    },
    async open(sealed, place) {
      const plain = await webcrypto.subtle.decrypt(
        { name: 'AES-GCM', iv: sealed.subarray(0, IV_BYTES), additionalData: additionalData(place) },
        cryptoKey,
        sealed.subarray(IV_BYTES),
      )
      return new Uint8Array(plain)
    },
  }
}
