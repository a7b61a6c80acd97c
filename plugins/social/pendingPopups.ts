import type { Kernel } from 'latchkit'

/**
 * The login window a click opened, handed to the view that runs the login: a window
 * cannot travel in route parameters, and it must be opened by the click itself.
 */
const popups = new WeakMap<Kernel, Window>()

/** @example keepPopup(kernel, openLoginPopup()) */
export function keepPopup(kernel: Kernel, popup: Window): void {
  popups.get(kernel)?.close()
  popups.set(kernel, popup)
}

/** The window kept for `kernel`, once: the view takes it. @example const popup = takePopup(kernel) */
export function takePopup(kernel: Kernel): Window | undefined {
  const popup = popups.get(kernel)
  popups.delete(kernel)
  return popup
}
