/**
 * vitest globalSetup of the browser tests: starts the demo stack once for the run (anvil
 * chains, and the demo app built for production and served by Vite's preview server:
 * pages load about twice as fast as from the dev server) and stops it all at the end.
 * Tests read it with `getDemo()`. `test/e2e/demoCli.browser.test.ts` covers the dev server that
 * `npm run demo` uses.
 *
 * The stack does not wait for the EVM history index (a minute or more on a busy machine):
 * the tests that read history wait for it with `demoHistoryCaughtUp()`, following its
 * progress. When the stack cannot start, the setup provides why (`demoError`) instead of
 * throwing, and `getDemo()` throws it, so the run's other projects still run
 * (sharedService.ts); a history index that fails later is written to `historyFailureFile`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { type StartedDemo, startDemo } from '../../devstack/demo.js'
import { SHARED_SERVICES, startFailure } from '../support/sharedService.js'
import type { DemoInfo } from './helpers/demoStack.js'

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let demo: StartedDemo | undefined
  try {
    demo = await startDemo({
      mode: 'build',
      waitForHistory: false,
      onHistoryRetry: (error, attempt) =>
        console.error(`demo history index: ${error.message}; starting it again (attempt ${attempt})`),
    })
    // Fail here, with a clear message, rather than in every test.
    for (const path of ['', 'devstack.json']) {
      const response = await fetch(new URL(path, demo.url))
      if (!response.ok) throw new Error(`demo warm-up: ${path || '/'} answered ${response.status}`)
      await response.arrayBuffer()
    }
  } catch (error) {
    await demo?.stop()
    const failure = startFailure(SHARED_SERVICES.demo, error)
    console.error(failure)
    project.provide('demoError', failure)
    return async () => {}
  }
  const statusDir = mkdtempSync(join(tmpdir(), 'latchkit-demo-history-'))
  const historyFailureFile = join(statusDir, 'failure.txt')
  let stopped = false
  demo.historyReady.catch((error: unknown) => {
    if (stopped) return
    const message = error instanceof Error ? error.message : String(error)
    console.error(`demo history index: ${message}`)
    writeFileSync(historyFailureFile, message)
  })
  const info: DemoInfo = {
    url: demo.url,
    chains: demo.chains,
    solana: demo.solana,
    mobileWalletUrl: demo.mobileWalletUrl,
    frameUrl: demo.frameUrl,
    mailboxUrl: demo.mailboxUrl,
    farcasterAppUrl: demo.farcasterAppUrl,
    farcasterRelayUrl: demo.farcaster.relayUrl,
    evmIndexUrl: demo.evmIndexUrl,
    historyFailureFile,
  }
  project.provide('demo', info)
  return async () => {
    stopped = true
    await demo.stop()
    rmSync(statusDir, { recursive: true, force: true })
  }
}
