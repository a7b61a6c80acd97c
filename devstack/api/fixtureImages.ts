/**
 * The API's images in the devstack: each registry wallet's logo drawn from its name and
 * hue, and a placeholder for any asset, currency or token id, coloured by the id.
 */
import type { ImageSource } from '../../server/api/apiContext.js'
import { walletSvg } from './icons.js'
import type { RegistryWallet } from './walletRegistry.js'

/**
 * @example fixtureImages(createWalletRegistry()).walletImage(wallet.image_id) // '<svg ...>'
 */
export function fixtureImages(registry: readonly RegistryWallet[]): ImageSource {
  const byImageId = new Map(registry.map((wallet) => [wallet.image_id, wallet]))
  return {
    walletImage(imageId) {
      const wallet = byImageId.get(imageId)
      return wallet && walletSvg(wallet.name, wallet.hue)
    },
    publicImage(_kind, id) {
      let hue = 0
      for (const char of id) hue = (hue * 31 + char.charCodeAt(0)) % 360
      return walletSvg(id, hue)
    },
  }
}
