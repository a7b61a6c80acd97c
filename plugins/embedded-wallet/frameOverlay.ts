import { hideIframe } from './hiddenIframe'

export interface FrameOverlay {
  /**
   * The element the frame is laid over while shown (a view's placeholder), or null when
   * that view unmounts. Returns the remover, which forgets `element` only if it is still
   * the one in use.
   */
  setPlaceholder(element: HTMLElement | null): () => void
  /** Whether some view has a placeholder mounted. */
  hasPlaceholder(): boolean
  /** Lays the frame over the placeholder (following it as it moves) until `hide`. */
  show(height: number): void
  hide(): void
  /** Whether the frame is shown. */
  visible(): boolean
  dispose(): void
}

/**
 * Shows the frame's own screens (approval, wallet set-up, recovery) in the modal without
 * moving the iframe: it stays where it was appended, fixed-positioned over a placeholder
 * the current view renders, one layer above the modal, and follows it each frame while
 * shown (the modal animates, scrolls and resizes). The placeholder takes the height the
 * frame asked for, so the view lays out around it.
 *
 * @example
 * const overlay = createFrameOverlay(client.iframe, () => 999)
 * overlay.setPlaceholder(element)
 * overlay.show(420)
 */
export function createFrameOverlay(iframe: HTMLIFrameElement, modalZIndex: () => number): FrameOverlay {
  let placeholder: HTMLElement | null = null
  let shown = false
  let height = 0
  let raf: number | undefined
  const window = iframe.ownerDocument.defaultView

  const place = () => {
    if (!shown) return
    if (!placeholder?.isConnected) {
      iframe.style.opacity = '0'
      iframe.style.pointerEvents = 'none'
    } else {
      placeholder.style.height = `${height}px`
      const box = placeholder.getBoundingClientRect()
      Object.assign(iframe.style, {
        position: 'fixed',
        left: `${box.left}px`,
        top: `${box.top}px`,
        width: `${box.width}px`,
        height: `${box.height}px`,
        border: '0',
        opacity: '1',
        pointerEvents: 'auto',
        zIndex: String(modalZIndex() + 2),
        colorScheme: 'normal',
        background: 'transparent',
      })
    }
    raf = window?.requestAnimationFrame(place)
  }

  const overlay: FrameOverlay = {
    setPlaceholder(element) {
      placeholder = element
      if (element && shown) element.style.height = `${height}px`
      return () => {
        if (placeholder === element) placeholder = null
      }
    },
    hasPlaceholder: () => placeholder?.isConnected === true,
    show(next) {
      height = next
      if (!shown) {
        shown = true
        iframe.removeAttribute('aria-hidden')
        iframe.tabIndex = 0
      }
      if (raf !== undefined) window?.cancelAnimationFrame(raf)
      place()
    },
    hide() {
      shown = false
      if (raf !== undefined) window?.cancelAnimationFrame(raf)
      raf = undefined
      if (placeholder) placeholder.style.height = '0px'
      hideIframe(iframe)
    },
    visible: () => shown,
    dispose() {
      overlay.hide()
      placeholder = null
    },
  }
  return overlay
}
