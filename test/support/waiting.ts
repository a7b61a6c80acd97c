/**
 * Assertions for browser tests that wait for their condition. A page keeps rendering after
 * the click that started it (a prompt fills in, a balance arrives, a view fades in), so a
 * value read once with `await locator.textContent()` and then checked with a plain
 * `expect` passes or fails by timing. Everything here retries the read until the matcher
 * holds or `WAIT_MS` runs out, and returns as soon as it holds.
 *
 * test/build/oneShotReads.test.ts fails on a one-shot read in a browser test; see
 * test/support/README.md.
 */
import type { Locator } from 'playwright-core'
import { expect } from 'vitest'

/**
 * How long a browser assertion waits. Generous: the machine has 2 shared cores and may be
 * loaded; a condition that holds costs nothing extra. Below the 30 s test timeout, so a
 * miss reports the assertion rather than the test's timeout.
 */
export const WAIT_MS = 15_000

/**
 * `expect.poll` with the browser tests' timeout (vitest's default of 1 s is too short
 * under load): retries `read` until the matcher holds. Any matcher but snapshots.
 *
 * @example
 * await eventually(() => view.title.textContent()).toBe('Account')
 * await eventually(() => eventsInPage(page)).toContainEqual(['chainChanged', '0x7a6a'])
 */
export function eventually<T>(
  read: () => T | Promise<T>,
  options: { timeout?: number; message?: string } = {},
): ReturnType<typeof expect.poll<T>> {
  return expect.poll(read, { timeout: WAIT_MS, interval: 50, ...options })
}

/**
 * The element's text becomes `expected` (a string is compared whole, a RegExp must match),
 * within `timeout` (default WAIT_MS) for a step known to take longer, as making a wallet.
 *
 * @example await expectText(view.wallet.promptTitle, 'Connection request')
 */
export async function expectText(
  locator: Locator,
  expected: string | RegExp,
  { timeout = WAIT_MS }: { timeout?: number } = {},
): Promise<void> {
  const text = eventually(() => locator.textContent({ timeout }), { timeout })
  if (typeof expected === 'string') await text.toBe(expected)
  else await text.toMatch(expected)
}

/**
 * The element's text comes to contain every one of `parts`.
 *
 * @example await expectTextContaining(view.wallet.prompt, 'eth_requestAccounts', origin)
 */
export async function expectTextContaining(locator: Locator, ...parts: string[]): Promise<void> {
  for (const part of parts) await eventually(() => locator.textContent({ timeout: WAIT_MS })).toContain(part)
}

/**
 * The attribute becomes `expected` (null: the attribute is absent).
 *
 * @example await expectAttribute(view.summary, 'data-status', 'disconnected')
 */
export async function expectAttribute(
  locator: Locator,
  name: string,
  expected: string | null,
): Promise<void> {
  await eventually(() => locator.getAttribute(name, { timeout: WAIT_MS })).toBe(expected)
}

/**
 * The input's, select's or textarea's value becomes `expected`.
 *
 * @example await expectValue(view.wallet.network, '31338')
 */
export async function expectValue(locator: Locator, expected: string): Promise<void> {
  await eventually(() => locator.inputValue({ timeout: WAIT_MS })).toBe(expected)
}

/**
 * The locator comes to match exactly `expected` elements (0: none is left).
 *
 * @example await expectCount(view.dialog, 0)
 */
export async function expectCount(locator: Locator, expected: number): Promise<void> {
  await eventually(() => locator.count()).toBe(expected)
}

/**
 * The element is (or becomes) visible.
 *
 * @example await expectVisible(view.accountButton)
 */
export async function expectVisible(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout: WAIT_MS })
}

/**
 * The element is (or becomes) hidden or absent.
 *
 * @example await expectHidden(view.wallet.prompt)
 */
export async function expectHidden(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'hidden', timeout: WAIT_MS })
}
