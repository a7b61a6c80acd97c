'use client'
import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react'
import { FOCUSABLE } from './useReturnFocus'

/**
 * Keeps keyboard focus in the dialog while it is mounted:
 * - focus moves in on mount, after `onOpened(dialog)` had a look at the opener (see
 *   useReturnFocus, which gives focus back on close);
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
  onOpened: (dialog: HTMLElement) => void,
): void {
  const escapeHandler = useRef(onEscape)
  escapeHandler.current = onEscape

  // biome-ignore lint/correctness/useExhaustiveDependencies: onOpened is read at mount only
  useLayoutEffect(() => {
    const node = dialog.current
    if (!node) return
    onOpened(node)
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
      // Only the edges are handled; inside, the browser's own order applies (radio
      // groups, roving tabindex), so focusables here are those Tab can reach.
      const focusable = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (element) => element.tabIndex >= 0 && (element as HTMLInputElement).type !== 'hidden',
      )
      const first = focusable[0]
      const last = focusable.at(-1)
      const index = focusable.indexOf(root.activeElement as HTMLElement)
      if (!first || !last) {
        event.preventDefault()
        node.focus()
      } else if (index === -1 && !node.contains(root.activeElement)) {
        // Focus fell out (e.g. the focused button was removed): bring it back in.
        event.preventDefault()
        ;(event.shiftKey ? last : first).focus()
      } else if (event.shiftKey && (index === 0 || root.activeElement === node)) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && index === focusable.length - 1) {
        event.preventDefault()
        first.focus()
      }
    }
    document.addEventListener('focusin', pullBack)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('focusin', pullBack)
      document.removeEventListener('keydown', onKeyDown)
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
