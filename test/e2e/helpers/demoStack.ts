/**
 * The demo stack started once per run by test/e2e/global-setup.ts, as tests see it. Its
 * chains are shared by every e2e file: tests that send transactions use an account no
 * other file reads, or assert against what they read first.
 */
import { existsSync, readFileSync } from 'node:fs'
import { inject } from 'vitest'
import type { DemoChain, DemoSolana } from '../../../devstack/demo.js'
import { chainHeads, waitUntilIndexed } from '../../../server/indexer/evm/waitUntilIndexed.js'
import { requireService, SHARED_SERVICES } from '../../support/sharedService.js'

export type DemoInfo = {
  url: string
  chains: DemoChain[]
  solana: DemoSolana
  mobileWalletUrl: string
  /** The embedded wallet's frame service. */
  frameUrl: string
  /** The local inbox of login codes and device links. */
  mailboxUrl: string
  /** The dev Farcaster app, where a Farcaster sign-in is approved as a dev fid (alice-dev, bob-dev). */
  farcasterAppUrl: string
  /** The Farcaster auth relay the dev app posts approvals to. */
  farcasterRelayUrl: string
  /** The EVM history index's own HTTP API (/ready, /status). */
  evmIndexUrl: string
  /** Where the setup writes why the history index failed, should it fail during the run. */
  historyFailureFile: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    demo: DemoInfo
    /** Why the demo stack did not start, when it did not (then `demo` is not provided). */
    demoError: string
  }
}

/**
 * The longest wait for the demo's history index: it fails sooner when the index makes no
 * progress for 5 minutes. A `beforeAll` that waits for the index takes this as its timeout.
 */
export const DEMO_HISTORY_WAIT_MS = 20 * 60_000

/**
 * @example
 * const { url, chains } = getDemo()
 * await page.goto(url)
 */
export function getDemo(): DemoInfo {
  return requireService(SHARED_SERVICES.demo, inject('demo'), inject('demoError'), 'test/e2e/global-setup.ts')
}

let historyCaughtUp: Promise<void> | undefined

/**
 * Resolves once the demo's EVM history index has caught up with the app's chains as they
 * are now (once per file), following its progress: it rejects, naming the index and the
 * cause, when the index failed, made no progress for 5 minutes, or outlasted
 * `DEMO_HISTORY_WAIT_MS`. The stack does not wait for it: only tests that read history do.
 *
 * @example beforeAll(() => demoHistoryCaughtUp(), DEMO_HISTORY_WAIT_MS + 60_000)
 */
export function demoHistoryCaughtUp(): Promise<void> {
  historyCaughtUp ??= (async () => {
    const demo = getDemo()
    const appChains = demo.chains.filter((chain) => chain.inApp)
    try {
      const heads = await chainHeads(appChains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl })))
      await waitUntilIndexed(demo.evmIndexUrl, heads, {
        stallMs: 5 * 60_000,
        capMs: DEMO_HISTORY_WAIT_MS,
        failure: () =>
          existsSync(demo.historyFailureFile) ? readFileSync(demo.historyFailureFile, 'utf8') : undefined,
      })
    } catch (error) {
      throw new Error(`the demo's EVM history index is not usable: ${(error as Error).message}`)
    }
  })()
  return historyCaughtUp
}

/**
 * The demo's chain with `chainId`; throws when the stack has no such chain.
 *
 * @example createPublicClient({ transport: http(demoChain(31338).rpcUrl) })
 */
export function demoChain(chainId: number): DemoChain {
  const chain = getDemo().chains.find((c) => c.chainId === chainId)
  if (!chain) throw new Error(`the demo has no chain ${chainId}`)
  return chain
}
