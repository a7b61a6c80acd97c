/**
 * What a browser test prints when it fails: the page's console (every frame's, the
 * embedded wallet's included) and the text of the open dialog. A CI log then says where a
 * flow stopped, which a timeout alone does not.
 */
import type { ConsoleMessage, Page } from 'playwright-core'
import { onTestFailed } from 'vitest'

const KEEP = 80

/**
 * Starts recording `page`'s console and, if the running test fails, prints it with the
 * dialog's text. Call it inside a test, right after the page is made.
 *
 * @example
 * const page = await context.newPage()
 * reportPageOnFailure(page)
 */
export function reportPageOnFailure(page: Page, label = 'page'): void {
  const lines: string[] = []
  const started = Date.now()
  const keep = (line: string) => {
    lines.push(`+${((Date.now() - started) / 1000).toFixed(1)}s ${line}`)
    if (lines.length > KEEP) lines.shift()
  }
  page.on('console', (message: ConsoleMessage) => keep(`[${message.type()}] ${message.text()}`))
  page.on('pageerror', (error) => keep(`[pageerror] ${error.message}`))
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) keep(`[frame] ${frame.url()}`)
  })
  onTestFailed(async () => {
    const dialog = page.isClosed()
      ? '(page closed)'
      : await page
          .getByRole('dialog')
          .textContent({ timeout: 1_000 })
          .then((text) => text ?? '')
          .catch(() => '(no dialog)')
    console.error(
      [
        `--- ${label} at failure: dialog ---`,
        dialog,
        `--- ${label} console (last ${KEEP}) ---`,
        ...lines,
      ].join('\n'),
    )
  })
}
