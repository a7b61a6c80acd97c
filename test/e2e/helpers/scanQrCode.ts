/** Reads a QR code the page shows the way a phone camera does: the rendered image, decoded. */
import type { Locator } from 'playwright-core'
import decodeQR from 'qr/decode.js'

/**
 * Paints the QR code the page shows onto a canvas in the page and decodes the pixels
 * with a real QR decoder: what comes out is what a phone that scanned it would read.
 *
 * @example
 * const uri = await scanQrCode(page.locator('[data-latchkit="walletconnect-qr"]'))
 */
export async function scanQrCode(qr: Locator): Promise<string> {
  const image = await qr.evaluate(async (svg) => {
    const size = 480
    const markup = new XMLSerializer().serializeToString(svg)
    const picture = new Image()
    picture.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`
    await picture.decode()
    const canvas = document.createElement('canvas')
    canvas.width = size
    canvas.height = size
    const context = canvas.getContext('2d') as CanvasRenderingContext2D
    context.fillStyle = '#fff'
    context.fillRect(0, 0, size, size)
    context.drawImage(picture, 0, 0, size, size)
    return { width: size, height: size, data: Array.from(context.getImageData(0, 0, size, size).data) }
  })
  return decodeQR({ width: image.width, height: image.height, data: Uint8Array.from(image.data) })
}
