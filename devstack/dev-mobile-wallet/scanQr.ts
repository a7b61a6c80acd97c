/**
 * Reads a pairing URI from a QR code picture: a screenshot of the dapp's QR, uploaded or
 * pasted, so a person can "scan" without a camera. Decoding is the `qr` package's decoder;
 * the browser only turns the picture into pixels.
 */
import { decodeQR, type Image } from 'qr/decode.js'

/** The picture holds no QR code the decoder can read. */
export class NoQrCodeError extends Error {
  override readonly name = 'NoQrCodeError'
}

/**
 * The text of the QR code in RGBA pixels.
 *
 * @example decodeQrPixels({ width, height, data: imageData.data }) // 'wc:…'
 */
export function decodeQrPixels(image: Image): string {
  try {
    // More effort than a live camera frame gets: a screenshot is decoded once.
    return decodeQR(image, { effort: 3, timeLimit: 2_000 })
  } catch (error) {
    throw new NoQrCodeError(
      `No QR code found in the picture${error instanceof Error ? `: ${error.message}` : ''}`,
    )
  }
}

/**
 * The text of the QR code in a picture file (PNG, JPEG, …), in the browser.
 *
 * @example const uri = await decodeQrPicture(input.files[0])
 */
export async function decodeQrPicture(picture: Blob): Promise<string> {
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(picture)
  } catch {
    throw new NoQrCodeError('The file is not a picture the browser can read')
  }
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
  const context = canvas.getContext('2d')
  if (!context) throw new NoQrCodeError('The browser cannot read the picture’s pixels')
  // A white background: a transparent PNG's QR would otherwise be black on black.
  context.fillStyle = '#fff'
  context.fillRect(0, 0, bitmap.width, bitmap.height)
  context.drawImage(bitmap, 0, 0)
  bitmap.close()
  const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height)
  return decodeQrPixels({ width, height, data })
}
