/**
 * The API's images from SVG files, as the config file names them: read once at start (so
 * a missing or oversized file fails the start, not a request) and served as they are.
 */
import { readFileSync, statSync } from 'node:fs'
import type { ImageSource } from './apiContext.js'

/** The image files by kind, each by the id clients ask for. */
export type ImageFiles = {
  /** By a wallet's `image_id` (`GET /getWallets` lists it). */
  wallet?: Readonly<Record<string, string>>
  asset?: Readonly<Record<string, string>>
  currency?: Readonly<Record<string, string>>
  token?: Readonly<Record<string, string>>
}

/** The largest image read: an icon, not a photograph. */
export const MAX_IMAGE_BYTES = 256 * 1024

/**
 * @example
 * const images = fileImages({ wallet: { 'my-wallet': '/etc/latchkit/my-wallet.svg' } })
 * images.walletImage('my-wallet') // '<svg …'
 */
export function fileImages(files: ImageFiles): ImageSource {
  const read = (paths: Readonly<Record<string, string>> | undefined) =>
    new Map(
      Object.entries(paths ?? {}).map(([id, path]) => {
        if (statSync(path).size > MAX_IMAGE_BYTES)
          throw new Error(`image ${path} is larger than ${MAX_IMAGE_BYTES} bytes`)
        const svg = readFileSync(path, 'utf8')
        if (!/<svg[\s>]/.test(svg)) throw new Error(`image ${path} is not an SVG`)
        return [id, svg] as const
      }),
    )
  const wallet = read(files.wallet)
  const kinds = { asset: read(files.asset), currency: read(files.currency), token: read(files.token) }
  return {
    walletImage: (imageId) => wallet.get(imageId),
    publicImage: (kind, id) => kinds[kind].get(id),
  }
}
