import type { KernelStore, SnackbarCopy, SnackbarLink, SnackbarVariant } from './store'

/** A new message while one is open hides it, then shows after 150 ms. */
export const SNACKBAR_SWAP_MS = 150
/** How long success and error messages stay; loading stays until replaced or hidden. */
export const SNACKBAR_VISIBLE_MS = 2200

export interface SnackbarOptions {
  /** A link after the message; rendered only when it is an http(s) URL. */
  link?: SnackbarLink
  /** A button after the message that copies `text` to the clipboard. */
  copy?: SnackbarCopy
}

export interface Snackbar {
  show(variant: SnackbarVariant, message: string, options?: SnackbarOptions): void
  loading(message: string): void
  success(message: string, options?: SnackbarOptions): void
  error(message: string, options?: SnackbarOptions): void
  hide(): void
  dispose(): void
}

/**
 * @example
 * kernel.snackbar.success('Address copied')
 */
export function createSnackbar(store: KernelStore): Snackbar {
  let swapTimer: ReturnType<typeof setTimeout> | undefined
  let hideTimer: ReturnType<typeof setTimeout> | undefined

  const clearTimers = () => {
    clearTimeout(swapTimer)
    clearTimeout(hideTimer)
  }

  const reveal = (variant: SnackbarVariant, message: string, options?: SnackbarOptions) => {
    store.setState((draft) => {
      draft.snackbar = {
        open: true,
        variant,
        message,
        ...(options?.link ? { link: { ...options.link } } : {}),
        ...(options?.copy ? { copy: { ...options.copy } } : {}),
      }
    })
    if (variant !== 'loading') hideTimer = setTimeout(snackbar.hide, SNACKBAR_VISIBLE_MS)
  }

  const snackbar: Snackbar = {
    show(variant, message, options) {
      clearTimers()
      if (!store.getState().snackbar.open) {
        reveal(variant, message, options)
        return
      }
      snackbar.hide()
      swapTimer = setTimeout(() => reveal(variant, message, options), SNACKBAR_SWAP_MS)
    },
    loading: (message) => snackbar.show('loading', message),
    success: (message, options) => snackbar.show('success', message, options),
    error: (message, options) => snackbar.show('error', message, options),
    hide() {
      clearTimeout(hideTimer)
      store.setState((draft) => {
        draft.snackbar.open = false
      })
    },
    dispose: clearTimers,
  }
  return snackbar
}
