/**
 * This device's share of the wallet, kept in the frame's storage sealed by an AES-256-GCM
 * key that WebCrypto made non-extractable: script on the frame's origin can ask the key to
 * decrypt, but nothing can read the key out, so a copy of the stored bytes alone (a backup,
 * a disk image) does not hold the share.
 */
import { base64ToBytes, bytesToBase64 } from './bytes.js'
import type { FrameStorage } from './frameStorage.js'
import { DeviceShareMissingError, ShareMalformedError } from './keyErrors.js'

const KEY_ENTRY = 'deviceKey'
const shareEntry = (userId: string) => `deviceShare:${userId}`

interface SealedDeviceShare {
  iv: Uint8Array<ArrayBuffer>
  ciphertext: Uint8Array<ArrayBuffer>
}

/**
 * Seals and stores the user's device share, replacing an earlier one.
 *
 * @example await saveDeviceShare(storage, user.id, deviceShare)
 */
export async function saveDeviceShare(storage: FrameStorage, userId: string, share: string): Promise<void> {
  const key = await deviceKey(storage)
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(userId) },
      key,
      base64ToBytes(share),
    ),
  )
  await storage.set(shareEntry(userId), { iv, ciphertext } satisfies SealedDeviceShare)
}

/**
 * The user's device share; throws DeviceShareMissingError when this device holds none.
 *
 * @example const deviceShare = await loadDeviceShare(storage, user.id)
 */
export async function loadDeviceShare(storage: FrameStorage, userId: string): Promise<string> {
  const sealed = await storage.get<SealedDeviceShare>(shareEntry(userId))
  const key = await storage.get<CryptoKey>(KEY_ENTRY)
  if (!sealed || !key) throw new DeviceShareMissingError()
  try {
    const opened = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: sealed.iv, additionalData: new TextEncoder().encode(userId) },
      key,
      sealed.ciphertext,
    )
    return bytesToBase64(new Uint8Array(opened))
  } catch (cause) {
    throw new ShareMalformedError(`This device's key share`, { cause })
  }
}

/**
 * True when this device holds a share for the user.
 *
 * @example if (await hasDeviceShare(storage, user.id)) ...
 */
export async function hasDeviceShare(storage: FrameStorage, userId: string): Promise<boolean> {
  return (await storage.get(shareEntry(userId))) !== undefined && (await storage.get(KEY_ENTRY)) !== undefined
}

async function deviceKey(storage: FrameStorage): Promise<CryptoKey> {
  const existing = await storage.get<CryptoKey>(KEY_ENTRY)
  if (existing) return existing
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
  await storage.set(KEY_ENTRY, key)
  return key
}
