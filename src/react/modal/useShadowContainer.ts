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
    // Inline, so the host page's stylesheets (short of !important) cannot move or hide it.
    host.setAttribute('style', 'all:initial;display:contents')
    const shadow = host.attachShadow({ mode: 'open' })
    const style = document.createElement('style')
    style.textContent = modalCss
    const mount = document.createElement('div')
    shadow.append(style, mount)
    document.body.append(host)
    setContainer(mount)
    return () => host.remove()
  }, [])
  return container
}
