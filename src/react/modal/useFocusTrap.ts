'use client'
import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react'

// Disabled ones and tabindex -1 are filtered out where this is used.
const FOCUSABLE = 'a[href],button,input,select,textarea,[tabindex]'

/** The focused element, looking through shadow roots (document.activeElement stops at a host). */
function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement as HTMLElement | null
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement as HTMLElement
  return active
}

/**
 * Keeps keyboard focus in the dialog while it is mounted:
 * - focus moves in on mount and back to the opener on close, however it closed (WAI-ARIA
 *   dialog pattern); an opener gone meanwhile is stood in for by what took its place in
 *   its parent (Connect Wallet by the account button, after a connect);
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
  // The opener, its parent and its place there. A ref: React runs this effect again when it
  // reconnects the tree's effects, and focus is then inside; the first opener stays.
  const opener = useRef<[HTMLElement | null, Element | null | undefined, number]>(undefined)

  useLayoutEffect(() => {
    const node = dialog.current
    if (!node) return
    const root = node.getRootNode() as Document | ShadowRoot
    const host = root instanceof ShadowRoot ? root.host : null
    const active = deepActiveElement()
    const parent = active?.parentElement
    opener.current ??= [active, parent, parent ? [...parent.children].indexOf(active as HTMLElement) : -1]
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
        (element) =>
          element.tabIndex >= 0 &&
          // :disabled, not .disabled: a control in a disabled fieldset is one too.
          !element.matches(':disabled') &&
          (element as HTMLInputElement).type !== 'hidden',
      )
      const first = focusable[0]
      const last = focusable.at(-1)
      const active = root.activeElement
      const index = focusable.indexOf(active as HTMLElement)
      // Where focus goes instead of the browser's next stop, if anywhere: the dialog when
      // nothing in it takes focus; back in when focus fell out (e.g. the focused button
      // was removed); around at either edge.
      const to = !first
        ? node
        : index === -1 && !node.contains(active)
          ? event.shiftKey
            ? last
            : first
          : event.shiftKey
            ? index === 0 || active === node
              ? last
              : undefined
            : index === focusable.length - 1
              ? first
              : undefined
      if (to) {
        event.preventDefault()
        to.focus()
      }
    }
    document.addEventListener('focusin', pullBack)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('focusin', pullBack)
      document.removeEventListener('keydown', onKeyDown)
      // In a task of its own: after the commit, where React restores focus to what was
      // focused before it (our host, as it cannot see into the shadow root), and after the
      // default of a press on the overlay, which moves focus to <body>; either would undo
      // an earlier hand-back. Someone else who took focus meanwhile (e.g. a modal:close
      // handler) keeps it. A dialog still in the document was hidden (its effects
      // disconnected), not closed.
      setTimeout(() => {
        if (node.isConnected) return
        const [element, parent, index] = opener.current!
        const active = document.activeElement
        if (active === document.body || active === host)
          (element?.isConnected ? element : (parent?.children[index] as HTMLElement | undefined))?.focus()
      })
    }
  }, [dialog])

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation
  useEffect(() => {
    const node = dialog.current
    const root = node?.getRootNode() as Document | ShadowRoot | undefined
    // contains(null) is false: nothing focused in the root counts as outside.
    if (node && !node.contains(root?.activeElement ?? null)) node.focus()
  }, [dialog, refocusKey])
}
