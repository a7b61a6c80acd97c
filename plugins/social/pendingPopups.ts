import type { Kernel } from 'latchkit'

/**
 * The login window a click opened, handed to the view that runs the login: a window
 * cannot travel in route parameters, and it must be opened by the click itself. The view
 * holds it while it runs and releases it when it goes; a window no view holds a moment
 * later is closed. (React's development mode mounts a view twice; the window must live
 * through that.)
 */
const popups = new WeakMap<Kernel, Window>()
const holds = new WeakMap<Window, number>()

/** Keeps a new window for the next view, closing one kept before. @example keepPopup(kernel, openLoginPopup()) */
export function keepPopup(kernel: Kernel, popup: Window): void {
  const before = popups.get(kernel)
  if (before && before !== popup && !before.closed) before.close()
  popups.set(kernel, popup)
}

/** The window kept for `kernel`, held until released. @example const popup = holdPopup(kernel) */
export function holdPopup(kernel: Kernel): Window | undefined {
  const popup = popups.get(kernel)
  if (popup) holds.set(popup, (holds.get(popup) ?? 0) + 1)
  return popup
}

/** Lets go of `popup`; closed once nobody holds it again right after. @example releasePopup(kernel, popup) */
export function releasePopup(kernel: Kernel, popup: Window): void {
  holds.set(popup, Math.max(0, (holds.get(popup) ?? 1) - 1))
  setTimeout(() => {
    if ((holds.get(popup) ?? 0) > 0) return
    if (!popup.closed) popup.close()
    if (popups.get(kernel) === popup) popups.delete(kernel)
  }, 0)
}
