/** Builds the send test page (app.tsx) and serves it from 127.0.0.1 (see bundledPage.ts). */
import { fileURLToPath } from 'node:url'
import { serveBundledPage } from '../../../support/bundledPage'
import type { StaticServer } from '../../../support/static-server'
import type { SendTestConfig } from './app'

const entry = fileURLToPath(new URL('./app.tsx', import.meta.url))

/**
 * @example
 * const server = await serveSendTestPage({ appChains, walletChains, accounts, apiUrl })
 * await page.goto(server.url)
 */
export function serveSendTestPage(config: SendTestConfig): Promise<StaticServer> {
  return serveBundledPage({ entry, title: 'send test', configGlobal: 'sendTestConfig', config })
}
