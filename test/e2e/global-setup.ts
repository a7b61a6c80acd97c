/**
 * vitest globalSetup of the browser tests: starts the demo stack once for the run (anvil
 * chains, and the demo app built for production and served by Vite's preview server:
 * pages load about twice as fast as from the dev server) and stops it all at the end.
 * Tests read it with `getDemo()`. `test/e2e/demo-cli.test.ts` covers the dev server that
 * `npm run demo` uses.
 */
import type { TestProject } from 'vitest/node'
import { startDemo } from '../../devstack/demo.js'
import type { DemoInfo } from './helpers/demoStack.js'

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const demo = await startDemo({ mode: 'build' })
  try {
    // Fail here, with a clear message, rather than in every test.
    for (const path of ['', 'devstack.json']) {
      const response = await fetch(new URL(path, demo.url))
      if (!response.ok) throw new Error(`demo warm-up: ${path || '/'} answered ${response.status}`)
      await response.arrayBuffer()
    }
  } catch (error) {
    await demo.stop()
    throw error
  }
  const info: DemoInfo = {
    url: demo.url,
    chains: demo.chains,
    solana: demo.solana,
    mobileWalletUrl: demo.mobileWalletUrl,
    frameUrl: demo.frameUrl,
    mailboxUrl: demo.mailboxUrl,
    farcasterAppUrl: demo.farcasterAppUrl,
    farcasterRelayUrl: demo.farcaster.relayUrl,
  }
  project.provide('demo', info)
  return demo.stop
}
