'use client'
import { useCallback, useLayoutEffect, useRef } from 'react'

/** What Tab can reach, as the focus trap counts it. */
export const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])'

/** The focused element, looking through shadow roots (document.activeElement stops at a host). */
export function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement as HTMLElement | null
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement as HTMLElement
  return active
}

/** The element that opened the dialog, and its place among its parent's children. */
interface Opener {
  element: HTMLElement
  parent: Element | null
  index: number
  /** The dialog's shadow host, where the browser leaves focus when the dialog goes. */
  host: Element | null
}

/**
 * What takes focus back: the opener if it is still in the document; otherwise what now
 * stands at its place in the same parent (Connect Wallet becomes the account button once
 * connected), itself if focusable or else the first focusable inside it.
 */
function returnTarget({ element, parent, index }: Opener): HTMLElement | null {
  if (element.isConnected) return element
  const standIn = parent?.isConnected ? parent.children[index] : undefined
  if (!(standIn instanceof HTMLElement)) return null
  return standIn.matches(FOCUSABLE) ? standIn : standIn.querySelector<HTMLElement>(FOCUSABLE)
}

/**
 * Gives focus back to what opened the dialog when it closes (WAI-ARIA dialog pattern),
 * however it closed: Escape, the close button, the overlay, or a flow that closed it (a
 * connect, where Connect Wallet was replaced by the account button: its stand-in takes
 * focus). `open` is the modal's state; the returned `remember(dialog)` is called by the
 * focus trap before it moves focus into `dialog`.
 *
 * Kept by the dialog's parent, not by the trap: the trap's effect can run more than once in
 * one opening (React disconnects and reconnects effects of a tree it hides and shows
 * again), and a later run would find focus already inside the dialog; only the first
 * opener counts, and only a close (open turning false) gives focus back.
 *
 * @example
 * const remember = useReturnFocus(open)
 * useLayoutEffect(() => { remember(node); node.focus() }, [])
 */
export function useReturnFocus(open: boolean): (dialog: HTMLElement) => void {
  const opener = useRef<Opener | null>(null)

  const remember = useCallback((dialog: HTMLElement) => {
    const element = deepActiveElement()
    const root = dialog.getRootNode()
    const host = root instanceof ShadowRoot ? root.host : null
    if (opener.current || !element || element === document.body || element === host) return
    if (element.getRootNode() === root) return
    const parent = element.parentElement
    opener.current = { element, parent, index: parent ? [...parent.children].indexOf(element) : -1, host }
  }, [])

  // A layout effect of the commit that removed the dialog: after React's own restore of
  // focus (to our host, as it cannot see into the shadow root), so nothing undoes this.
  useLayoutEffect(() => {
    if (open || !opener.current) return
    const { host } = opener.current
    const target = returnTarget(opener.current)
    opener.current = null
    // Someone else who took focus meanwhile (e.g. a modal:close handler) keeps it.
    const active = document.activeElement
    if (target && (!active || active === document.body || active === host)) target.focus()
  }, [open])

  return remember
}
