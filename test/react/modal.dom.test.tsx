import { act, fireEvent, screen } from '@testing-library/react'
import { ConnectButton } from 'latchkit/react'
import { describe, expect, it, vi } from 'vitest'
import { click, makeKernel, modal, openOn, renderWith, settle, shadowRoot } from './fixtures'

const dialog = () => modal().getByRole('dialog')

describe('modal shell', () => {
  it('is a labelled modal dialog in a shadow root, with its stylesheet inside', async () => {
    const kernel = makeKernel()
    renderWith(kernel)
    await openOn(kernel, 'Networks')
    const root = shadowRoot()
    const css = [...root.querySelectorAll('style')].map((style) => style.textContent).join('')
    expect(css).toContain('.lk-dialog{width:var(--lk-modal-width)')
    expect((root.querySelector('.lk-root') as HTMLElement).style.getPropertyValue('--lk-modal-width')).toBe(
      '360px',
    )
    expect(dialog().getAttribute('aria-modal')).toBe('true')
    const title = root.getElementById(dialog().getAttribute('aria-labelledby') ?? '')
    expect(title?.textContent).toBe('Choose Network')
    // Nothing of the modal is in the light DOM: the host page's selectors cannot reach it.
    expect(document.querySelector('[role=dialog]')).toBeNull()
  })

  it('renders nothing while closed', async () => {
    const kernel = makeKernel()
    renderWith(kernel)
    await settle()
    expect(modal().queryByRole('dialog')).toBeNull()
  })
})

describe('routing', () => {
  it('push shows the new view with a back button; back returns', async () => {
    const kernel = makeKernel()
    renderWith(kernel)
    await openOn(kernel, 'Connect')
    expect(modal().queryByRole('button', { name: 'Back' })).toBeNull()
    await act(async () => kernel.router.push('Networks'))
    await settle()
    expect(modal().getByRole('heading').textContent).toBe('Choose Network')
    await click(modal().getByRole('button', { name: 'Back' }))
    expect(kernel.router.current()?.view).toBe('Connect')
    expect(modal().getByRole('heading').textContent).toBe('Connect Wallet')
  })

  it('back from the first view closes the modal', async () => {
    const kernel = makeKernel()
    renderWith(kernel)
    await openOn(kernel, 'Connect')
    await act(async () => kernel.router.goBack())
    expect(kernel.getState().modal.open).toBe(false)
    expect(modal().queryByRole('dialog')).toBeNull()
  })

  it('Escape and the close button close the modal', async () => {
    const kernel = makeKernel()
    renderWith(kernel)
    await openOn(kernel, 'Connect')
    fireEvent.keyDown(dialog(), { key: 'Escape' })
    await settle(1)
    expect(kernel.getState().modal.open).toBe(false)
    await openOn(kernel, 'Connect')
    await click(modal().getByRole('button', { name: 'Close' }))
    await settle(1)
    expect(kernel.getState().modal.open).toBe(false)
  })
})

describe('close guards', () => {
  it('block Escape, the close button and the overlay, until removed', async () => {
    const kernel = makeKernel()
    renderWith(kernel)
    const release = kernel.router.addCloseGuard(() => 'sign-in required')
    await openOn(kernel, 'Connect')
    fireEvent.keyDown(dialog(), { key: 'Escape' })
    await click(modal().getByRole('button', { name: 'Close' }))
    const overlay = shadowRoot().querySelector('.lk-overlay') as HTMLElement
    fireEvent.mouseDown(overlay)
    await settle(1)
    expect(kernel.getState().modal.open).toBe(true)
    expect(modal().getByRole('dialog')).toBeTruthy()
    release()
    fireEvent.keyDown(dialog(), { key: 'Escape' })
    await settle(1)
    expect(kernel.getState().modal.open).toBe(false)
  })
})

describe('focus', () => {
  it('moves into the dialog on open and returns to the opener on close', async () => {
    const kernel = makeKernel()
    renderWith(kernel, <ConnectButton />)
    const opener = screen.getByRole('button', { name: 'Connect Wallet' })
    opener.focus()
    await click(opener)
    expect(shadowRoot().activeElement).toBe(dialog())
    fireEvent.keyDown(dialog(), { key: 'Escape' })
    await settle(1)
    expect(document.activeElement).toBe(opener)
  })

  it('Tab and Shift+Tab wrap around inside the dialog', async () => {
    const kernel = makeKernel()
    renderWith(kernel)
    await openOn(kernel, 'Connect')
    await act(async () => kernel.router.push('Networks'))
    await settle()
    const buttons = [...dialog().querySelectorAll<HTMLElement>('button')]
    const first = buttons[0]!
    const last = buttons.at(-1)!
    expect(first.getAttribute('aria-label')).toBe('Back')
    last.focus()
    fireEvent.keyDown(last, { key: 'Tab' })
    expect(shadowRoot().activeElement).toBe(first)
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true })
    expect(shadowRoot().activeElement).toBe(last)
  })
})

describe('focus after navigation', () => {
  it('when the focused button disappears, the dialog takes focus; Tab goes back in', async () => {
    const kernel = makeKernel()
    renderWith(kernel)
    await openOn(kernel, 'Connect')
    await act(async () => kernel.router.push('Networks'))
    await settle()
    const back = modal().getByRole('button', { name: 'Back' })
    back.focus()
    await click(back)
    expect(modal().queryByRole('button', { name: 'Back' })).toBeNull()
    expect(shadowRoot().activeElement).toBe(dialog())
    // Focus dropped to <body> by other means: Escape still closes, Tab pulls it back in.
    dialog().blur()
    fireEvent.keyDown(document.body, { key: 'Tab' })
    expect(shadowRoot().activeElement).toBe(modal().getByRole('button', { name: 'Close' }))
    fireEvent.keyDown(document.body, { key: 'Escape' })
    await settle(1)
    expect(kernel.getState().modal.open).toBe(false)
  })
})

describe('snackbar', () => {
  it('renders the kernel snackbar variants in a live region, swapping after 150 ms', async () => {
    vi.useFakeTimers()
    try {
      const kernel = makeKernel()
      renderWith(kernel)
      await act(async () => vi.advanceTimersByTime(1))
      const status = () => modal().getByRole('status')
      expect(status().textContent).toBe('')
      act(() => kernel.snackbar.loading('Switching network'))
      expect(status().dataset.variant).toBe('loading')
      // The message is in the live region at once; the spinner comes with the content's code.
      expect(status().textContent).toBe('Switching network')
      await vi.waitFor(() => expect(status().querySelector('.lk-spinner')).not.toBeNull())
      expect(status().textContent).toBe('Switching network')
      act(() => kernel.snackbar.error('Could not switch'))
      // The open message hides first; the new one shows after the swap delay.
      expect(status().textContent).toBe('')
      act(() => vi.advanceTimersByTime(150))
      expect(status().dataset.variant).toBe('error')
      expect(status().textContent).toBe('Could not switch')
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('snackbar link', () => {
  it('renders an http(s) link after the message and never a javascript: one', async () => {
    const kernel = makeKernel()
    renderWith(kernel)
    await settle(1)
    act(() =>
      kernel.snackbar.success('Sent', {
        link: { href: 'https://explorer.example/tx/1', label: 'View on explorer' },
      }),
    )
    const link = modal().getByRole('link', { name: 'View on explorer' })
    expect(link.getAttribute('href')).toBe('https://explorer.example/tx/1')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    act(() => kernel.snackbar.hide())
    await settle(1)
    await act(async () => {
      kernel.snackbar.success('Sent', { link: { href: 'javascript:alert(1)', label: 'Evil' } })
      await new Promise((resolve) => setTimeout(resolve, 200))
    })
    expect(modal().getByRole('status').textContent).toBe('Sent')
    expect(modal().queryByRole('link', { name: 'Evil' })).toBeNull()
  })
})

describe('snackbar copy', () => {
  it('renders a button that copies the full text the message shortens', async () => {
    const writes: string[] = []
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void writes.push(text) },
    })
    const kernel = makeKernel()
    renderWith(kernel)
    await settle(1)
    const hash = `0x${'ab'.repeat(32)}`
    act(() => kernel.snackbar.success('Sent 0xabab...abab', { copy: { text: hash, label: 'Copy hash' } }))
    await click(modal().getByRole('button', { name: 'Copy hash' }))
    expect(writes).toEqual([hash])
  })
})

describe('stylesheet', () => {
  it('carries the animation timings (150 ms view, 120 ms header, 150 ms height), the bottom sheet and the reduced-motion switch', async () => {
    // The shell's sheet and the one the dialog brings when it loads.
    const { modalCss } = await import('../../src/react/styles')
    const { dialogCss } = await import('../../src/react/dialogStyles')
    expect(dialogCss).toMatch(/\.lk-view\{animation:lk-view-in 150ms/)
    expect(dialogCss).toMatch(/\.lk-title\{[^}]*animation:lk-fade 120ms/)
    expect(dialogCss).toMatch(/\.lk-body\{transition:height 150ms/)
    expect(dialogCss).toMatch(/@media \(max-width:430px\)\{\s*\.lk-overlay\{align-items:flex-end\}/)
    expect(modalCss).toMatch(
      /@media \(prefers-reduced-motion:reduce\)\{\s*\.lk-root \*[^{]*\{animation:none !important;transition:none !important\}/,
    )
  })
})
