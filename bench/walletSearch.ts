/**
 * Search over 5,000 wallets, keystroke to list painted (the goal: within one frame,
 * 16.7 ms): bench/apps/latchkit-wallets.tsx built as every row of the bench is, served from
 * 127.0.0.1, its registry the local API server's fixture at 5,000 wallets. Each page load
 * opens All wallets, then types a word into the search box a key at a time, timing each
 * key from its keydown to the end of the first frame painted with the list it asked for
 * (the wallets already read that match; the registry's answer follows 300 ms after typing
 * pauses and is not part of this figure).
 *
 * Alone: `npx tsx bench/walletSearch.ts [--runs N] [--json]`.
 */
import { rmSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import { startApiServer } from '../devstack/api/server'
import { bundleApp } from './bundle'
import { FRAME_BUDGET_MS } from './frames'
import { appsDir } from './paths'
import { latchkitSource } from './sourceAlias'
import { newPage, WALLET_NAME, withBrowser, writeIndexHtml } from './speed'
import { serveDirectory } from './staticServer'
import { median, round1 } from './stats'

export const WALLET_SEARCH_REGISTRY_SIZE = 5_000
/** Typed a key at a time: each key narrows the list the one before showed. */
const WORD = 'vault'

export interface WalletSearchBench {
  loads: number
  /** Every keystroke's time to the painted list, in ms, load after load. */
  keystrokes: number[]
  /** Keystrokes whose input never reached the box within 5 s (each skipped, not timed). */
  missed?: number
  /** Median over every keystroke. */
  medianMs?: number
  worstMs?: number
  pageErrors: string[]
  error?: string
}

const message = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? ''

/**
 * @example
 * const search = await withBrowser((browser) => measureWalletSearch(browser, 5))
 * search.medianMs // keystroke -> list painted
 */
export async function measureWalletSearch(browser: Browser, loads: number): Promise<WalletSearchBench> {
  const keystrokes: number[] = []
  const pageErrors = new Set<string>()
  let missed = 0
  let outdir: string | undefined
  const api = await startApiServer({
    // The registry needs no chain; the server wants one, never asked here.
    chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }],
    names: false,
    analytics: false,
    onramp: false,
    requestLog: 0,
    walletRegistrySize: WALLET_SEARCH_REGISTRY_SIZE,
  })
  try {
    const bundle = await bundleApp(`${appsDir}/latchkit-wallets.tsx`, [latchkitSource()])
    outdir = bundle.outdir
    writeIndexHtml(outdir)
    const site = await serveDirectory(outdir)
    try {
      for (let i = 0; i < loads; i++) {
        const { context, page } = await newPage(
          browser,
          { connectButton: ['[data-latchkit="connect-button"]'], walletName: WALLET_NAME, mode: 'idle' },
          pageErrors,
        )
        try {
          await page.goto(`${site.url}?api=${encodeURIComponent(api.url)}`, { waitUntil: 'load' })
          await page.evaluate('window.__walletsBench.ready')
          await page.locator('[data-latchkit="wallets-search"]').focus()
          for (const key of WORD) {
            const timing = page.evaluate('window.__walletsBench.nextKeystroke()') as Promise<{ ms: number }>
            // The listener is armed before the key is pressed.
            await page.waitForTimeout(20)
            await page.keyboard.press(key)
            try {
              keystrokes.push((await timing).ms)
            } catch {
              // A key that did not reach the box (it lost focus) is counted, not timed, and
              // the run goes on rather than waiting for an input that will not come.
              missed++
              await page.locator('[data-latchkit="wallets-search"]').focus()
            }
          }
        } finally {
          await context.close()
        }
      }
    } finally {
      await site.close()
    }
  } catch (error) {
    return { loads, keystrokes, missed, pageErrors: [...pageErrors], error: message(error) }
  } finally {
    await api.stop()
    if (outdir) rmSync(outdir, { recursive: true, force: true })
  }
  const worst = keystrokes.length > 0 ? Math.max(...keystrokes) : undefined
  const mid = median(keystrokes)
  return {
    loads,
    keystrokes: keystrokes.map(round1),
    missed,
    ...(mid !== undefined && { medianMs: round1(mid) }),
    ...(worst !== undefined && { worstMs: round1(worst) }),
    pageErrors: [...pageErrors].slice(0, 20),
  }
}

/** The row as markdown. */
export function walletSearchMarkdown(search: WalletSearchBench): string[] {
  if (search.error) return [`Not measured: ${search.error}`]
  const within = search.medianMs !== undefined && search.medianMs <= FRAME_BUDGET_MS
  return [
    '| Measurement | Latchkit (wallets plugin) |',
    '| --- | --- |',
    `| Search over ${WALLET_SEARCH_REGISTRY_SIZE.toLocaleString('en-US')} wallets, keystroke to list painted (goal: within one frame, ${FRAME_BUDGET_MS.toFixed(1)} ms) | ${search.medianMs ?? 'n/a'} ms median, worst ${search.worstMs ?? 'n/a'} ms, over ${search.keystrokes.length} keystrokes in ${search.loads} loads${search.missed ? ` (${search.missed} keys never reached the box and were not timed)` : ''}: ${within ? 'met' : 'NOT MET'} |`,
    ...search.pageErrors.map((error) => `- Page error: ${error.replace(/\s+/g, ' ').slice(0, 240)}`),
  ]
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const index = process.argv.indexOf('--runs')
  const runs = index === -1 ? 5 : Number(process.argv[index + 1]) || 5
  const result = await withBrowser((browser) => measureWalletSearch(browser, runs))
  console.log(walletSearchMarkdown(result).join('\n'))
  if (process.argv.includes('--json')) console.log(JSON.stringify(result, null, 2))
}
