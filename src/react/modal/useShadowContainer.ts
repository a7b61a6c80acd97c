'use client'
import { useEffect, useState } from 'react'
import { modalCss } from '../styles'

/** The tag of the element that hosts the modal's shadow root (never matched by `div` rules). */
export const HOST_TAG = 'latchkit-modal'

/**
 * Creates, after mount, an element at the end of <body> with an open shadow root that
 * holds the modal's stylesheet and a container to portal into. Null on the server and
 * during hydration, so server and client render the same (nothing) at first.
 */
export function useShadowContainer(): HTMLElement | null {
  const [container, setContainer] = useState<HTMLElement | null>(null)
  useEffect(() => {
    const host = document.createElement(HOST_TAG)
    // Inline and !important, which beats every rule of the page's stylesheets, even theirs
    // marked !important: the host has no box to move, scale or hide, and passes on nothing
    // the page sets but what `all` leaves out: direction, and custom properties (the root
    // sets every --lk-* one itself).
    host.setAttribute('style', 'all:initial !important;display:contents !important')
    const shadow = host.attachShadow({ mode: 'open' })
    const style = document.createElement('style')
    style.textContent = modalCss
    const mount = document.createElement('div')
    // No box either: nothing of the widget is an item of a flex or grid body.
    mount.style.display = 'contents'
    shadow.append(style, mount)
    document.body.append(host)
    setContainer(mount)
    return () => host.remove()
  }, [])
  return container
}
