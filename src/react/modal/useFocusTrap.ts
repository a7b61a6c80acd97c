'use client'
import { type KeyboardEvent, type RefObject, useCallback, useLayoutEffect } from 'react'

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])'

/** The focused element, looking through shadow roots (document.activeElement stops at a host). */
function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement as HTMLElement | null
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement as HTMLElement
  return active
}

/**
 * Moves focus into the dialog on mount, keeps it there (Tab and Shift+Tab wrap, focus that
 * escapes is pulled back) and gives it back to the opener on unmount.
 * Returns the keydown handler that does the wrapping.
 */
export function useFocusTrap(dialog: RefObject<HTMLElement | null>): (event: KeyboardEvent) => void {
  useLayoutEffect(() => {
    const node = dialog.current
    if (!node) return
    const opener = deepActiveElement()
    node.focus()
    const host = (node.getRootNode() as ShadowRoot).host
    // Inside a shadow root, focus events reach the document retargeted to the host.
    const pullBack = (event: FocusEvent) => {
      if (event.target !== host && !node.contains(event.target as Node)) node.focus()
    }
    document.addEventListener('focusin', pullBack)
    return () => {
      document.removeEventListener('focusin', pullBack)
      // After the commit: React restores focus to what was focused before it (our host,
      // as it cannot see into the shadow root) and would undo an earlier hand-back.
      // Someone else who took focus meanwhile (e.g. a modal:close handler) keeps it.
      queueMicrotask(() => {
        const active = document.activeElement
        if (opener?.isConnected && (!active || active === document.body || active === host)) opener.focus()
      })
    }
  }, [dialog])

  return useCallback(
    (event: KeyboardEvent) => {
      const node = dialog.current
      if (event.key !== 'Tab' || !node) return
      const focusable = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)]
      const first = focusable[0]
      const last = focusable.at(-1)
      if (!first || !last) {
        event.preventDefault()
        return
      }
      const index = focusable.indexOf(
        (node.getRootNode() as Document | ShadowRoot).activeElement as HTMLElement,
      )
      if (event.shiftKey && index <= 0) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && (index === -1 || index === focusable.length - 1)) {
        event.preventDefault()
        first.focus()
      }
    },
    [dialog],
  )
}
