'use client'
import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react'

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])'

/** The focused element, looking through shadow roots (document.activeElement stops at a host). */
function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement as HTMLElement | null
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement as HTMLElement
  return active
}

/**
 * Keeps keyboard focus in the dialog while it is mounted:
 * - focus moves in on mount and back to the opener on unmount;
 * - Tab and Shift+Tab wrap, and bring focus back when it fell out (e.g. the focused
 *   button was removed by a navigation, which leaves focus on <body>);
 * - focus moved outside by other means is pulled back;
 * - Escape calls `onEscape`, wherever focus is (keys are heard on the document).
 * `refocusKey` changes on navigation: if the focused element went away, the dialog
 * itself takes focus so screen readers are not left on <body>.
 */
export function useFocusTrap(
  dialog: RefObject<HTMLElement | null>,
  onEscape: () => void,
  refocusKey: string,
): void {
  const escapeHandler = useRef(onEscape)
  escapeHandler.current = onEscape

  useLayoutEffect(() => {
    const node = dialog.current
    if (!node) return
    const opener = deepActiveElement()
    const root = node.getRootNode() as Document | ShadowRoot
    const host = root instanceof ShadowRoot ? root.host : null
    node.focus()

    // Inside a shadow root, focus events reach the document retargeted to the host.
    const pullBack = (event: FocusEvent) => {
      const target = event.target as Node
      if (target !== host && !node.contains(target)) node.focus()
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation()
        escapeHandler.current()
        return
      }
      if (event.key !== 'Tab') return
      const focusable = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)]
      const first = focusable[0]
      const last = focusable.at(-1)
      event.preventDefault()
      if (!first || !last) return node.focus()
      const index = focusable.indexOf(root.activeElement as HTMLElement)
      if (index === -1) (event.shiftKey ? last : first).focus()
      else if (event.shiftKey) (focusable[index - 1] ?? last).focus()
      else (focusable[index + 1] ?? first).focus()
    }
    document.addEventListener('focusin', pullBack)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('focusin', pullBack)
      document.removeEventListener('keydown', onKeyDown)
      // After the commit: React restores focus to what was focused before it (our host,
      // as it cannot see into the shadow root) and would undo an earlier hand-back.
      // Someone else who took focus meanwhile (e.g. a modal:close handler) keeps it.
      queueMicrotask(() => {
        const active = document.activeElement
        if (opener?.isConnected && (!active || active === document.body || active === host)) opener.focus()
      })
    }
  }, [dialog])

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation
  useEffect(() => {
    const node = dialog.current
    const root = node?.getRootNode() as Document | ShadowRoot | undefined
    const active = root?.activeElement
    if (node && (!active || !node.contains(active))) node.focus()
  }, [dialog, refocusKey])
}
