import type { KernelStore, SnackbarCopy, SnackbarLink, SnackbarVariant } from './store'

/** A new message while one is open hides the open one, then shows 150 ms later. */
export const SNACKBAR_REPLACE_DELAY_MS = 150
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
  let replaceTimer: ReturnType<typeof setTimeout> | undefined
  let hideTimer: ReturnType<typeof setTimeout> | undefined

  const clearTimers = () => {
    clearTimeout(replaceTimer)
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
      replaceTimer = setTimeout(() => reveal(variant, message, options), SNACKBAR_REPLACE_DELAY_MS)
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
