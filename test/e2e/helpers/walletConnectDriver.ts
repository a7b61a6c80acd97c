/**
 * The WalletConnect side of the browser tests: reads the pairing QR code the way a phone
 * camera does (the rendered image, decoded), and drives the dev mobile wallet, a page on
 * its own origin in its own browser context, as a phone is another device.
 */

import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import decodeQR from 'qr/decode.js'
import { newLocalContext } from '../../support/browser.js'

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

export type MobileWalletPage = {
  context: BrowserContext
  page: Page
  /** Requests that tried to leave the machine (should stay empty). */
  blocked: string[]
  approveProposal: Locator
  rejectProposal: Locator
  request: Locator
  requestMethod: Locator
  approveRequest: Locator
  rejectRequest: Locator
  sessions: Locator
  disconnect: Locator
  account: Locator
  close(): Promise<void>
}

/**
 * Opens the dev mobile wallet with `uri`, as a wallet's deep link does (`?uri=`).
 *
 * @example
 * const phone = await openMobileWallet(browser, mobileWalletUrl, uri)
 * await phone.approveProposal.click()
 */
export function openMobileWallet(browser: Browser, url: string, uri: string): Promise<MobileWalletPage> {
  return openMobileWalletLink(browser, `${url}${url.includes('?') ? '&' : '?'}uri=${encodeURIComponent(uri)}`)
}

/**
 * The dev mobile wallet opened at `link` as a phone would open a link the dapp offers
 * (its web app with the pairing URI).
 *
 * @example const phone = await openMobileWalletLink(browser, await webLink.getAttribute('href'))
 */
export async function openMobileWalletLink(browser: Browser, link: string): Promise<MobileWalletPage> {
  const { context, blocked } = await newLocalContext(browser, { viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  await page.goto(link)
  const byId = (id: string) => page.getByTestId(id)
  return {
    context,
    page,
    blocked,
    approveProposal: byId('mobile-wallet-proposal-approve'),
    rejectProposal: byId('mobile-wallet-proposal-reject'),
    request: byId('mobile-wallet-request'),
    requestMethod: byId('mobile-wallet-request-method'),
    approveRequest: byId('mobile-wallet-request-approve'),
    rejectRequest: byId('mobile-wallet-request-reject'),
    sessions: byId('mobile-wallet-session'),
    disconnect: byId('mobile-wallet-disconnect'),
    account: byId('mobile-wallet-account'),
    close: () => context.close(),
  }
}
