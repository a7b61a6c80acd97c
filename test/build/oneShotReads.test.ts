import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { browserTestFiles, describeFinding, scanBrowserTests, scanSource, scanSources } from './oneShotReads'

const root = fileURLToPath(new URL('../..', import.meta.url))

/**
 * Issue 13, item 7: every browser assertion waits for its condition. A page read once and
 * handed to a plain `expect` made `npm test` fail in 2 of 4 runs on a fresh clone
 * (test/e2e/connect.browser.test.ts read the dev wallet's prompt title before it rendered). Use
 * the helpers of test/support/waiting.ts; see test/support/README.md.
 */
describe('browser tests wait for what they assert', () => {
  it('has no one-shot read and no expect.poll with the 1 s default in any browser test', () => {
    expect(scanBrowserTests(root).map(describeFinding)).toEqual([])
    // A scan of every browser test file: a second on a quiet machine, more on a busy one.
  }, 60_000)

  it('scans every browser test and its helpers', () => {
    const files = browserTestFiles(root)
    expect(files).toEqual(
      expect.arrayContaining([
        'test/e2e/connect.browser.test.ts',
        'test/e2e/devWallet.browser.test.ts',
        'test/e2e/helpers/demoPage.ts',
        'test/e2e/helpers/devWalletDriver.ts',
        'test/react/modal.browser.test.ts',
        'test/plugins/siwe/signIn.browser.test.ts',
        'test/adapters/solana/adapter.browser.test.ts',
        'test/devstack/launchBrowser.browser.test.ts',
        'test/support/waiting.ts',
      ]),
    )
    // Unit tests that never open a browser stay out.
    expect(files).not.toContain('test/react/modal.dom.test.tsx')
  })
})

describe('the one-shot read scan', () => {
  const lines = (source: string) =>
    scanSource('x.test.ts', source).map((f) => `${f.line} ${f.rule} ${f.text}`)

  it('finds the read that flaked: a prompt title read once before it renders', () => {
    const source = [
      'await view.walletEntry(DEV_WALLET_RDNS).click()',
      "expect(await view.wallet.promptTitle.textContent()).toBe('Connection request')",
      "expect(await view.wallet.prompt.textContent()).toContain('eth_requestAccounts')",
    ].join('\n')
    expect(lines(source)).toEqual([
      '2 one-shot-read view.wallet.promptTitle.textContent()',
      '3 one-shot-read view.wallet.prompt.textContent()',
    ])
  })

  it('finds each read method, through .resolves, nested values and .then', () => {
    const source = [
      "expect(await a.innerText()).toBe('x')",
      "expect(await a.inputValue()).toBe('x')",
      "expect(await a.getAttribute('data-state')).toBe('x')",
      'expect(await a.isVisible()).toBe(true)',
      'expect(await a.isChecked()).toBe(true)',
      'expect(await a.count()).toBe(0)',
      'expect(await page.evaluate(() => 1)).toBe(1)',
      "await expect(a.textContent()).resolves.toBe('x')",
      'expect([await a.inputValue(), await b.inputValue()]).toEqual([])',
      'expect((await a.boundingBox())?.width).toBe(360)',
      "expect(await a.allTextContents().then((t) => t.sort())).toEqual(['x'])",
      "expect.soft(await a.textContent()).toBe('x')",
    ].join('\n')
    expect(scanSource('x.test.ts', source).map((f) => f.line)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ])
  })

  it('finds a read kept in a variable and asserted later', () => {
    const source = [
      'const text = await panel.prompt.textContent()',
      "expect(text).toContain('Transaction request')",
      'const { rows } = { rows: 1 }',
      'expect(rows).toBe(1)',
    ].join('\n')
    expect(lines(source)).toEqual(['2 one-shot-read text'])
  })

  it('finds a read behind a reader function, in the file or exported by a helper', () => {
    const helper = [
      'export function eventsInPage(page) {',
      '  return page.evaluate(() => window.devWalletEvents)',
      '}',
    ].join('\n')
    const test = [
      'const focused = (page) => page.evaluate(() => document.activeElement?.id)',
      'async function messageAfterPreview() {',
      '  await preview.click()',
      '  return alert.textContent()',
      '}',
      "expect(await focused(page)).toBe('x')",
      "expect(await messageAfterPreview()).toBe('Invalid address')",
      "expect(await eventsInPage(page)).toContainEqual(['chainChanged', '0x1'])",
    ].join('\n')
    const findings = scanSources([
      { file: 'helper.ts', source: helper },
      { file: 'x.test.ts', source: test },
    ])
    expect(findings.map(describeFinding)).toEqual([
      'x.test.ts:6  one-shot-read  "focused(page)"',
      'x.test.ts:7  one-shot-read  "messageAfterPreview()"',
      'x.test.ts:8  one-shot-read  "eventsInPage(page)"',
    ])
  })

  it('finds expect.poll left at the 1 s default', () => {
    const source = [
      "await expect.poll(() => a.textContent()).toBe('x')",
      "await expect.poll(() => a.textContent(), { interval: 10 }).toBe('x')",
      "await expect.poll(() => a.textContent(), { timeout: 15_000 }).toBe('x')",
    ].join('\n')
    expect(lines(source)).toEqual(['1 short-poll expect.poll', '2 short-poll expect.poll'])
  })

  it('accepts the waiting forms', () => {
    const source = [
      "await expectText(view.wallet.promptTitle, 'Connection request')",
      "await eventually(() => view.title.textContent()).toBe('Account')",
      'await eventually(async () => (await focused(page)).inModal).toBe(true)',
      'await view.dialog.waitFor({ state: "hidden" })',
      "await page.waitForFunction(() => document.title === 'x')",
      'const read = () => a.textContent()',
      'expect(await requestAnswer).toEqual({ ok: true })',
      'expect(chainBalance).toBe(1n)',
    ].join('\n')
    expect(lines(source)).toEqual([])
  })

  it('accepts a read marked settled: above the statement, on its line, or on the reader', () => {
    const source = [
      '// settled: after the window above, this is the state that must have stayed.',
      "expect(await summary.getAttribute('data-status')).toBe('disconnected')",
      'expect(await prompt.isHidden()).toBe(true) // settled: as above',
      '/** Sends a request. settled: the answer to this request, not the page. */',
      'export function requestInPage(page, method) {',
      '  return page.evaluate((method) => window.devWallet.provider.request({ method }), method)',
      '}',
      "expect(await requestInPage(page, 'eth_accounts')).toEqual({ ok: true, result: [] })",
      '// settled: one synchronous run in the page.',
      'const seen = await page.evaluate(() => [1, 2])',
      'expect(seen).toHaveLength(2)',
    ].join('\n')
    expect(lines(source)).toEqual([])
  })
})
