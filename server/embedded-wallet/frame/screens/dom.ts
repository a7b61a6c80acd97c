/**
 * A tiny element builder for the frame's screens. Text only ever goes in through
 * `textContent`; there is no way to pass markup, so nothing from a request, a service
 * answer or the host page can become HTML.
 */

type Attributes = Record<string, string>

/**
 * @example
 * el('button', { type: 'button', 'data-testid': 'frame-approve' }, 'Approve')
 */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  for (const child of children)
    element.append(typeof child === 'string' ? document.createTextNode(child) : child)
  return element
}

/** Replaces what the root shows. */
export function show(root: HTMLElement, screen: HTMLElement): void {
  root.replaceChildren(screen)
}

/** The screen's height for FRAME_SHOW, within what the widget takes. */
export function screenHeight(root: HTMLElement): number {
  return Math.min(4000, Math.max(0, Math.ceil(root.getBoundingClientRect().height)))
}
