/**
 * The embedded wallet's own screens (password, approval) as a test reaches them. The frame
 * lies over a box in the modal and follows it as the modal grows to fit the screen, so a
 * click computed while the modal still moves can land beside the button. Playwright's own
 * wait for a still element looks inside the frame, which does not see the frame itself
 * move; `click` waits for the frame element to stand still in the page first.
 */
import type { FrameLocator, Locator, Page } from 'playwright-core'

const FRAME = 'iframe[data-latchkit-frame]'

export type FrameScreen = {
  /** The frame's document, for reading and typing. */
  frame: FrameLocator
  /** The element with `testId` in the frame's screen. */
  byTestId(testId: string): Locator
  /** Clicks `target` (in the frame) once the frame is shown and still. */
  click(target: Locator | string): Promise<void>
}

/**
 * @example
 * const screen = frameScreen(page)
 * await screen.byTestId('frame-password').fill(password)
 * await screen.click('frame-password-submit')
 */
export function frameScreen(page: Page): FrameScreen {
  const element = page.locator(FRAME)
  const frame = page.frameLocator(FRAME)
  return {
    frame,
    byTestId: (testId) => frame.getByTestId(testId),
    async click(target) {
      const locator = typeof target === 'string' ? frame.getByTestId(target) : target
      await locator.waitFor()
      // A trial click runs the actionability checks (shown, stable for two frames, on top) without clicking.
      await element.click({ trial: true })
      await locator.click()
    },
  }
}
