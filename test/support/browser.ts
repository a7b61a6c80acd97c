/**
 * Launches Debian's Chromium through playwright-core. `npx playwright install` cannot
 * download on our machines, so the browser comes from apt (`node scripts/ensure-browser.mjs`).
 *
 * Cost: a launch takes a few hundred ms and a full browser process, and the machine has
 * 2 cores. Launch at most once per test file (see `browserForFile()` in browser-for-file.ts) and
 * give each test its own context (`newLocalContext`), which is cheap and isolated.
 */
import { existsSync } from 'node:fs'
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium } from 'playwright-core'

export const CHROMIUM_PATH = '/usr/bin/chromium'

/** Flags from DESIGN.md: headless, no sandbox as root, and no background traffic. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * Starts Chromium. Playwright gives every launch a fresh temporary user-data-dir and
 * deletes it on `close()`, so no profile state leaks between runs.
 *
 * @example
 * const browser = await launchBrowser()
 * const context = await newLocalContext(browser)
 * await browser.close()
 */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `${CHROMIUM_PATH} not found. Install it with \`node scripts/ensure-browser.mjs\` (runs apt-get as root).`,
    )
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS], headless: true })
}

/** True for URLs served by this machine; everything else is blocked in tests. */
export function isLocalUrl(url: URL): boolean {
  const host = url.hostname
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost')
}

/**
 * Aborts every request (HTTP and WebSocket) whose host is not localhost or 127.0.0.1, so a
 * test can never reach the internet, and records what was blocked so a test can assert
 * that nothing tried to leave the page.
 *
 * @example
 * const { blocked } = await blockExternalRequests(context)
 * expect(blocked).toEqual([])
 */
export async function blockExternalRequests(context: BrowserContext): Promise<{ blocked: string[] }> {
  const blocked: string[] = []
  const isExternal = (url: URL) => !isLocalUrl(url)
  await context.route(isExternal, async (route) => {
    blocked.push(route.request().url())
    await route.abort('blockedbyclient')
  })
  await context.routeWebSocket(isExternal, async (ws) => {
    blocked.push(ws.url())
    await ws.close({ code: 1008, reason: 'blocked by test' })
  })
  return { blocked }
}

/** A new isolated context with external requests blocked; `blocked` lists what was stopped. */
export async function newLocalContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; blocked: string[] }> {
  const context = await browser.newContext(options)
  const { blocked } = await blockExternalRequests(context)
  return { context, blocked }
}
