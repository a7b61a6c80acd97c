/** Builds the Solana test page (app.tsx) and serves it from 127.0.0.1 (see bundledPage.ts). */
import { fileURLToPath } from 'node:url'
import { serveBundledPage } from '../../../support/bundledPage'
import type { StaticServer } from '../../../support/static-server'
import type { SolanaTestConfig } from './app'

const entry = fileURLToPath(new URL('./app.tsx', import.meta.url))

/**
 * @example
 * const server = await serveSolanaTestPage({ rpcUrl, genesisHash, tokens })
 * await page.goto(server.url)
 */
export function serveSolanaTestPage(config: SolanaTestConfig): Promise<StaticServer> {
  return serveBundledPage({
    entry,
    title: 'solana test',
    configGlobal: 'solanaTestConfig',
    config,
    minify: true,
  })
}
