/** Base64 for shares and ciphertexts on the wire and in storage (no padding games: standard). */

/**
 * @example bytesToBase64(new Uint8Array([1, 2])) // 'AQI='
 */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/**
 * Throws a TypeError for text that is not standard base64.
 *
 * @example base64ToBytes('AQI=') // Uint8Array [1, 2]
 */
export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) throw new TypeError('not base64')
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index)
  return bytes
}
