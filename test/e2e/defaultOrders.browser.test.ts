/**
 * The orders the rules give by default, read off the demo as rendered in Chromium: the
 * Connect view's methods (email, social, wallet), its wallet groups (walletConnect, recent,
 * injected, featured, …, recommended) and the Account view's features (onramp, swaps,
 * receive, send). The `order` option that changes each is covered in test/react/slots.dom.test.tsx.
 */
import type { Page } from 'playwright-core'
import { describe, it } from 'vitest'
import { eventually, expectCount } from '../support/waiting.js'
import { connectWithDevWallet, DEV_WALLET_RDNS, demoPagesForFile, ui } from './helpers/demoPage.js'

const openPage = demoPagesForFile()

/** The registry wallets the demo features (demo/src/createDemoKernel.ts). */
const FEATURED = new Set([
  '10727c4dff9a8e31b6f5ad01058acfbd63d3f859416a191d3ac1f7f89e771e9b',
  'e2033aed466efff0d1406a67945f2e4b3124797b5d5c4e15a624715ee112b34b',
])

/** The wallet list's rows as the groups they belong to, top to bottom, each group once. */
function walletGroups(page: Page): Promise<string[]> {
  return ui(page)
    .dialog.locator('[data-method="wallet"] li')
    .evaluateAll(
      (rows, { featured, devWallet }) => {
        const kinds = rows.map((row) => {
          const connector = row.querySelector('[data-connector]')?.getAttribute('data-connector')
          if (connector === 'walletConnect') return 'walletConnect'
          if (row.getAttribute('data-latchkit') === 'all-wallets-row') return 'allWallets'
          const wallet = row.getAttribute('data-wallet-id')
          if (wallet) return featured.includes(wallet) ? 'featured' : 'recommended'
          const tags = [...row.querySelectorAll('.lk-tag')].map((tag) => tag.textContent)
          if (tags.includes('Recent')) return 'recent'
          return connector === devWallet || tags.includes('Installed') ? 'injected' : `other:${connector}`
        })
        return kinds.filter((kind, i) => kind !== kinds[i - 1])
      },
      { featured: [...FEATURED], devWallet: 'dev.latchkit.wallet' },
    )
}

describe('demo: the default orders', () => {
  it('connect methods, wallet groups and account features come in the order the rules give', async () => {
    const { page } = await openPage()
    const view = ui(page)
    await view.connectButton.click()
    const methods = view.dialog.locator('[data-latchkit="connect-methods"] > [data-method]')
    await eventually(() =>
      methods.evaluateAll((all) => all.map((m) => m.getAttribute('data-method'))),
    ).toEqual(['email', 'social', 'farcaster', 'wallet'])
    // Featured and recommended rows come from the registry once it answers: wait for them.
    await expectCount(view.dialog.locator('[data-latchkit="wallet-item"]'), 6)
    await eventually(() => walletGroups(page)).toEqual([
      'walletConnect',
      'injected',
      'featured',
      'recommended',
      'allWallets',
    ])
    await page.keyboard.press('Escape')

    await connectWithDevWallet(page)
    await view.dialog.waitFor({ state: 'hidden' })
    await view.accountButton.click()
    const features = view.dialog.locator('button[data-feature]')
    await eventually(async () =>
      (await features.evaluateAll((all) => all.map((f) => f.getAttribute('data-feature')))).slice(0, 4),
    ).toEqual(['onramp', 'swaps', 'receive', 'send'])

    // Used once, the dev wallet moves up to the recent group, after WalletConnect.
    await view.dialog.getByRole('button', { name: 'Disconnect' }).click()
    await view.connectButton.click()
    await expectCount(view.dialog.locator('[data-latchkit="wallet-item"]'), 6)
    await eventually(async () => (await walletGroups(page)).slice(0, 2)).toEqual(['walletConnect', 'recent'])
    await eventually(() =>
      view.dialog.locator(`[data-connector="${DEV_WALLET_RDNS}"]`).locator('.lk-tag').textContent(),
    ).toBe('Recent')
  })
})
