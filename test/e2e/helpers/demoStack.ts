/**
 * The demo stack started once per run by test/e2e/global-setup.ts, as tests see it. Its
 * chains are shared by every e2e file: tests that send transactions use an account no
 * other file reads, or assert against what they read first.
 */
import { inject } from 'vitest'
import type { DemoChain, DemoSolana } from '../../../devstack/demo.js'

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
}

declare module 'vitest' {
  export interface ProvidedContext {
    demo: DemoInfo
  }
}

/**
 * @example
 * const { url, chains } = getDemo()
 * await page.goto(url)
 */
export function getDemo(): DemoInfo {
  const demo = inject('demo')
  if (!demo) throw new Error("the demo is not running: add 'test/e2e/global-setup.ts' to globalSetup")
  return demo
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
