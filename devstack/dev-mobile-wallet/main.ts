/**
 * The page's entry: reads the config the server wrote into the page, takes `?relay=` and
 * `?uri=` from the address (a deep link arrives as `?uri=<encoded wc: URI>`), starts the
 * wallet and renders it.
 */
import { MOBILE_WALLET_CONFIG_GLOBAL, mobileWalletConfigSchema } from './config'
import { createMobileWallet } from './mobileWallet'
import { mountMobileWalletPage } from './page'

async function start(root: HTMLElement): Promise<void> {
  const config = mobileWalletConfigSchema.parse(
    (window as unknown as Record<string, unknown>)[MOBILE_WALLET_CONFIG_GLOBAL],
  )
  const query = new URLSearchParams(location.search)
  const relayUrl = query.get('relay') ?? config.relayUrl
  if (!relayUrl || !/^wss?:\/\//.test(relayUrl)) {
    throw new Error('No WalletConnect relay is configured: open the page with ?relay=ws://127.0.0.1:<port>')
  }
  const wallet = await createMobileWallet({ config: { ...config, relayUrl }, url: location.origin })
  root.replaceChildren()
  mountMobileWalletPage({ mount: root, wallet, initialUri: query.get('uri') ?? undefined })
  root.dataset.ready = 'true'
}

const root = document.getElementById('root')!
start(root).catch((error: unknown) => {
  const line = document.createElement('p')
  line.dataset.testid = 'mobile-wallet-error'
  line.setAttribute('role', 'alert')
  line.textContent = `The wallet did not start: ${error instanceof Error ? error.message : String(error)}`
  root.replaceChildren(line)
})
