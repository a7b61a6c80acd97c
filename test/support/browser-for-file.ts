import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { launchBrowser } from './browser.js'

/**
 * Launches one Chromium for the calling test file (in `beforeAll`) and closes it in
 * `afterAll`. Call it once at the top level of a test file; each test then opens its own
 * context with `newLocalContext(getBrowser())`.
 *
 * @example
 * const getBrowser = browserForFile()
 * it('loads', async () => {
 *   const { context } = await newLocalContext(getBrowser())
 *   // ...
 *   await context.close()
 * })
 */
export function browserForFile(): () => Browser {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await launchBrowser()
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
  })
  return () => {
    if (!browser) throw new Error('browserForFile(): the browser is only available inside tests and hooks')
    return browser
  }
}
