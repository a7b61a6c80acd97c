import { act, screen } from '@testing-library/react'
import { ConnectButton, coreStrings } from 'latchkit/react'
import { describe, expect, it } from 'vitest'
import { makeKernel, modal, openOn, renderWith } from './fixtures'

describe('strings', () => {
  it('English is built in', async () => {
    const kernel = makeKernel()
    renderWith(kernel, <ConnectButton />)
    expect(screen.getByRole('button').textContent).toBe(coreStrings['button.connect'])
    await openOn(kernel, 'Connect')
    expect(modal().getByRole('heading').textContent).toBe('Connect Wallet')
  })

  it('createKernel({ locale }) overrides single strings', async () => {
    const kernel = makeKernel({
      locale: { 'button.connect': 'Wallet verbinden', 'connect.title': 'Verbinden' },
    })
    renderWith(kernel, <ConnectButton />)
    expect(screen.getByRole('button').textContent).toBe('Wallet verbinden')
    await openOn(kernel, 'Connect')
    expect(modal().getByRole('heading').textContent).toBe('Verbinden')
    // Keys the locale leaves out fall back to English.
    expect(modal().getByRole('button', { name: 'Close' })).toBeTruthy()
  })

  it('i18n.setLocale switches a mounted modal at runtime', async () => {
    const kernel = makeKernel()
    renderWith(kernel)
    await openOn(kernel, 'Connect')
    await act(async () => kernel.i18n.setLocale({ 'connect.title': 'Connecter', 'modal.close': 'Fermer' }))
    expect(modal().getByRole('heading').textContent).toBe('Connecter')
    expect(modal().getByRole('button', { name: 'Fermer' })).toBeTruthy()
  })
})
