import { act, waitFor } from '@testing-library/react'
import type { Kernel } from 'latchkit'
import { social } from 'latchkit/plugins/social'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { frameAnswerError } from '../../../plugins/embedded-wallet/messages'
import { kernelWithFakeFrame, SOL_ADDRESS } from '../embedded-wallet/embeddedWalletFake'
import { BOB, click, modal, openOn, renderWith, settle } from '../helpers'

const FRAME_ORIGIN = 'http://127.0.0.1:9'
const RESULT = 'r'.repeat(43)

const kernels: Kernel[] = []
afterEach(() => {
  for (const kernel of kernels.splice(0)) kernel.destroy()
  vi.restoreAllMocks()
})

/** The login window as the view sees it: where it was sent, whether it is closed. */
function fakePopup() {
  const popup = {
    closed: false,
    location: { href: '' },
    close() {
      popup.closed = true
    },
  }
  vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window)
  return popup
}

/** A kernel with social() over the embedded wallet, its frame a fake that answers from a table. */
function socialKernel() {
  const { kernel, frame } = kernelWithFakeFrame([social()])
  frame.handlers.GET_SOCIAL_REDIRECT_URI = ({ provider }) => ({ uri: `${FRAME_ORIGIN}/start/${provider}` })
  frame.handlers.CONNECT_SOCIAL = () => ({ action: 'SETUP_WALLET', provider: 'google' })
  kernels.push(kernel)
  renderWith(kernel)
  return { kernel, frame }
}

/** What the frame service's callback page posts to the window that opened the login. */
function postResult(source: unknown) {
  window.dispatchEvent(
    new MessageEvent('message', {
      data: { type: 'latchkit:social', provider: 'google', result: RESULT },
      origin: FRAME_ORIGIN,
      source: source as Window,
    }),
  )
}

describe('social login in the modal', () => {
  it("keeps the login view when the frame's set-up screen comes before the view draws its step", async () => {
    const { kernel, frame } = socialKernel()
    const popup = fakePopup()
    let finish: (value: unknown) => void = () => {}
    // The frame answers at once with its screen: no render happens in between.
    frame.handlers.SETUP_WALLET = () => {
      frame.send({ type: 'FRAME_SHOW', payload: { reason: 'setup', height: 420 } })
      return new Promise((resolve) => (finish = resolve))
    }
    await openOn(kernel, 'Connect')
    await click(await modal().findByRole('button', { name: /Google/ }, { timeout: 10_000 }))
    await waitFor(() => expect(popup.location.href).toBe(`${FRAME_ORIGIN}/start/google`), { timeout: 10_000 })
    await act(async () => postResult(popup))
    await waitFor(() => expect(frame.types()).toContain('SETUP_WALLET'), { timeout: 10_000 })
    await settle()
    expect(kernel.router.current()?.view).toBe('ConnectingSocial')
    expect(frame.overlay.placeholder).toBe(true)
    expect(frame.overlay.shown).toEqual([420])
    await act(async () => finish({}))
    await waitFor(() => expect(kernel.getState().accounts.eip155?.address).toBe(BOB), { timeout: 10_000 })
    expect(kernel.getState().accounts.solana?.address).toBe(SOL_ADDRESS)
    expect(kernel.getState().modal.open).toBe(false)
  })

  it('says the login is not available when the service has no such provider (501), and offers no retry', async () => {
    const { kernel, frame } = socialKernel()
    fakePopup()
    frame.handlers.GET_SOCIAL_REDIRECT_URI = () => {
      throw frameAnswerError('GET_SOCIAL_REDIRECT_URI', {
        message: 'This social login is not configured on this service',
        code: 'SOCIAL_NOT_CONFIGURED',
      })
    }
    await openOn(kernel, 'Connect')
    await click(await modal().findByRole('button', { name: /Google/ }, { timeout: 10_000 }))
    const alert = await modal().findByRole('alert', {}, { timeout: 10_000 })
    expect(alert.textContent).toBe('This login is not available in this app')
    expect(modal().queryByRole('button', { name: 'Try again' })).toBeNull()
    expect(kernel.getState().accounts.eip155?.address).toBeUndefined()
  })
})
