import { act, screen } from '@testing-library/react'
import { createKernel } from 'latchkit'
import { ConnectButton, LatchProvider, setTheme, themeTokens, useTheme } from 'latchkit/react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mainnet, makeKernel, openOn, renderWith, shadowRoot } from './fixtures'

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

  it('sets every documented variable on the modal root and the buttons, in both modes', async () => {
    const documented = [
      'accent',
      'accent-fg',
      'radius',
      'radius-md',
      'radius-sm',
      'radius-pill',
      'font',
      'bg',
      'surface',
      'surface-hover',
      'fg',
      'muted',
      'border',
      'border-width',
      'overlay',
      'z-index',
      'modal-width',
      'error',
      'success',
    ]
    for (const mode of ['light', 'dark', 'system'] as const) {
      expect(Object.keys(themeTokens[mode]).sort()).toEqual(documented.map((name) => `--lk-${name}`).sort())
    }
    const kernel = makeKernel({ theme: { mode: 'dark' } })
    renderWith(kernel, <ConnectButton />)
    await openOn(kernel, 'Connect')
    for (const name of documented) {
      expect(root().style.getPropertyValue(`--lk-${name}`)).toBe(themeTokens.dark[`--lk-${name}`])
      expect(screen.getByRole('button').style.getPropertyValue(`--lk-${name}`)).toBe(
        themeTokens.dark[`--lk-${name}`],
      )
    }
  })

  it("system mode renders the same markup anywhere: each colour as light-dark() under color-scheme 'light dark'", async () => {
    const kernel = makeKernel({ theme: { mode: 'system' } })
    expect(kernel.getState().theme.mode).toBe('system')
    const html = renderToString(
      <LatchProvider kernel={kernel}>
        <ConnectButton />
      </LatchProvider>,
    )
    expect(html).toContain('color-scheme:light dark')
    expect(html).toContain('--lk-bg:light-dark(#ffffff, #191a1a)')
    // Shared values stay plain.
    expect(html).toContain('--lk-radius:16px')
    renderWith(kernel)
    await openOn(kernel, 'Connect')
    expect(root().dataset.theme).toBe('system')
    expect(root().style.getPropertyValue('color-scheme')).toBe('light dark')
    expect(root().style.getPropertyValue('--lk-fg')).toBe('light-dark(#141414, #e8eaed)')
  })

  it('the kernel refuses a mode other than light, dark or system', () => {
    expect(() =>
      createKernel({ networks: [mainnet], storage: null, theme: { mode: 'dim' as 'dark' } }),
    ).toThrow(/theme/)
  })
})

/** Shows the theme mode and the scheme it resolves to. */
function ShowMode() {
  const { mode, resolvedMode } = useTheme()
  return <output>{`${mode}:${resolvedMode}`}</output>
}

describe('useTheme().resolvedMode', () => {
  let dark = false
  const listeners = new Set<() => void>()
  afterEach(() => {
    vi.unstubAllGlobals()
    listeners.clear()
  })
  const stubSystem = (prefersDark: boolean) => {
    dark = prefersDark
    vi.stubGlobal('matchMedia', (query: string) => ({
      get matches() {
        return query === '(prefers-color-scheme: dark)' && dark
      },
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    }))
  }

  it('follows the system setting live in system mode, and is the mode itself otherwise', async () => {
    stubSystem(true)
    const kernel = makeKernel({ theme: { mode: 'system' } })
    renderWith(kernel, <ShowMode />)
    expect(screen.getByRole('status').textContent).toBe('system:dark')
    await act(async () => {
      dark = false
      for (const listener of listeners) listener()
    })
    expect(screen.getByRole('status').textContent).toBe('system:light')
    await act(async () => setTheme(kernel, { mode: 'dark' }))
    expect(screen.getByRole('status').textContent).toBe('dark:dark')
  })

  it('is light on the server, whatever the system says', () => {
    const kernel = makeKernel({ theme: { mode: 'system' } })
    const html = renderToString(
      <LatchProvider kernel={kernel}>
        <ShowMode />
      </LatchProvider>,
    )
    expect(html).toContain('system:light')
  })
})
