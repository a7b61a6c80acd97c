import { act, screen } from '@testing-library/react'
import { ConnectButton, setTheme } from 'latchkit/react'
import { describe, expect, it } from 'vitest'
import { makeKernel, openOn, renderWith, shadowRoot } from './fixtures'

const root = () => shadowRoot().querySelector('.lk-root') as HTMLElement

describe('theme', () => {
  it('starts from the kernel theme option (mode and variables)', async () => {
    const kernel = makeKernel({ theme: { mode: 'dark', variables: { accent: '#ff007a' } } })
    renderWith(kernel)
    await openOn(kernel, 'Connect')
    expect(root().dataset.theme).toBe('dark')
    expect(root().style.getPropertyValue('--lk-accent')).toBe('#ff007a')
    expect(root().style.getPropertyValue('--lk-bg')).toBe('#191a1a')
  })

  it('setTheme switches mode and variables of an open modal and of the buttons at runtime', async () => {
    const kernel = makeKernel()
    renderWith(kernel, <ConnectButton />)
    await openOn(kernel, 'Connect')
    expect(root().dataset.theme).toBe('light')
    expect(root().style.getPropertyValue('--lk-bg')).toBe('#ffffff')
    await act(async () =>
      setTheme(kernel, {
        mode: 'dark',
        variables: { accent: '#00aa55', '--lk-radius': '4px', 'z-index': '5000' },
      }),
    )
    expect(root().dataset.theme).toBe('dark')
    expect(root().style.getPropertyValue('--lk-bg')).toBe('#191a1a')
    expect(root().style.getPropertyValue('--lk-accent')).toBe('#00aa55')
    expect(root().style.getPropertyValue('--lk-radius')).toBe('4px')
    expect(root().style.getPropertyValue('--lk-z-index')).toBe('5000')
    expect(screen.getByRole('button').style.getPropertyValue('--lk-accent')).toBe('#00aa55')
    // An empty value removes an override: back to the mode's default.
    await act(async () => setTheme(kernel, { variables: { '--lk-accent': '' } }))
    expect(root().style.getPropertyValue('--lk-accent')).toBe('#1769e0')
  })

  it('only custom properties reach the style attribute', async () => {
    const kernel = makeKernel({ theme: { variables: { 'x;color:red': 'blue' } } })
    renderWith(kernel)
    await openOn(kernel, 'Connect')
    expect(root().getAttribute('style')).not.toContain('color:red')
  })

  it('host page CSS custom properties do not reach into the modal', async () => {
    const style = document.createElement('style')
    style.textContent = ':root{--lk-accent:#badbad} .lk-dialog{display:none}'
    document.head.append(style)
    const kernel = makeKernel()
    renderWith(kernel)
    await openOn(kernel, 'Connect')
    // Our defaults are set on .lk-root itself, so an inherited value never wins.
    expect(root().style.getPropertyValue('--lk-accent')).toBe('#1769e0')
    expect(document.querySelector('.lk-dialog')).toBeNull()
    style.remove()
  })
})
