/** The title screen readers announce when the frame is shown. */
export const FRAME_TITLE = 'Latchkit embedded wallet'

/** Styles of the frame while hidden: no size, off-screen, still loaded and running. */
const HIDDEN_STYLE: Partial<CSSStyleDeclaration> = {
  position: 'fixed',
  left: '-10000px',
  top: '0px',
  width: '0px',
  height: '0px',
  border: '0',
  opacity: '0',
  pointerEvents: 'none',
}

/**
 * Hides the frame without moving it: an iframe moved in the DOM reloads, losing its
 * session and keys, so it stays where it was appended and only its styles change.
 *
 * @example
 * hideIframe(iframe)
 */
export function hideIframe(iframe: HTMLIFrameElement): void {
  Object.assign(iframe.style, HIDDEN_STYLE)
  iframe.setAttribute('aria-hidden', 'true')
  iframe.tabIndex = -1
}

/**
 * Appends the frame to the page's body, hidden; it starts loading at once.
 *
 * @example
 * const iframe = createHiddenIframe(document, 'https://wallet.example/frame?projectId=p1&...')
 */
export function createHiddenIframe(document: Document, src: string): HTMLIFrameElement {
  const iframe = document.createElement('iframe')
  iframe.title = FRAME_TITLE
  iframe.setAttribute('data-latchkit-frame', '')
  hideIframe(iframe)
  iframe.src = src
  document.body.appendChild(iframe)
  return iframe
}
