import { act, waitFor } from '@testing-library/react'
import { type Kernel, reconnect } from 'latchkit'
import { createMemoryBackend } from 'latchkit/internal'
import { farcaster } from 'latchkit/plugins/farcaster'
import { AccountButton } from 'latchkit/react'
import { afterEach, describe, expect, it } from 'vitest'
import { frameAnswerError } from '../../../plugins/embedded-wallet/messages'
import { kernelWithFakeFrame, SOL_ADDRESS } from '../embedded-wallet/embeddedWalletFake'
import { BOB, click, modal, openOn, renderWith, settle } from '../helpers'

const CHANNEL = 'c'.repeat(43)
const AVATAR = 'http://127.0.0.1:9/pfp/1001.svg'
const uriOf = (n: number) => `farcaster://connect?channelToken=${n}&nonce=n${n}`

const kernels: Kernel[] = []
afterEach(() => {
  for (const kernel of kernels.splice(0)) kernel.destroy()
})

/** A kernel with farcaster() over the embedded wallet; each sign-in request gets the next URI. */
function farcasterKernel(storage = createMemoryBackend()) {
  const { kernel, frame } = kernelWithFakeFrame([farcaster()], storage)
  let requests = 0
  frame.handlers.GET_FARCASTER_URI = () => ({ uri: uriOf(++requests), channelId: CHANNEL })
  kernels.push(kernel)
  renderWith(kernel)
  return { kernel, frame }
}

const root = () => document.querySelector('latchkit-modal')?.shadowRoot as ShadowRoot
const qrValue = () => root().querySelector('[data-latchkit="farcaster-qr"]')?.getAttribute('data-value')

async function openFarcaster(kernel: Kernel) {
  await openOn(kernel, 'Connect')
  await click(await modal().findByRole('button', { name: /Continue with Farcaster/ }, { timeout: 10_000 }))
}

describe('Farcaster login in the modal', () => {
  it('shows the sign-in request as a QR code and a link, waits for the approval, sets up the wallet over the view, and shows the username and picture', async () => {
    const { kernel, frame } = farcasterKernel()
    let approve: (value: unknown) => void = () => {}
    frame.handlers.CONNECT_FARCASTER = ({ channelId }) => {
      expect(channelId).toBe(CHANNEL)
      return new Promise((resolve) => (approve = resolve))
    }
    let finish: (value: unknown) => void = () => {}
    // The frame's screen comes at once, before the view draws its step.
    frame.handlers.SETUP_WALLET = () => {
      frame.send({ type: 'FRAME_SHOW', payload: { reason: 'setup', height: 420 } })
      return new Promise((resolve) => (finish = resolve))
    }
    await openFarcaster(kernel)
    await waitFor(() => expect(qrValue()).toBe(uriOf(1)), { timeout: 10_000 })
    expect(root().querySelector('[data-latchkit="farcaster-open"]')?.getAttribute('href')).toBe(uriOf(1))
    expect(kernel.getState().accounts.eip155?.farcasterUrl).toBe(uriOf(1))
    expect(modal().getByText('Waiting for you to approve in Farcaster')).toBeTruthy()

    await act(async () =>
      approve({ action: 'SETUP_WALLET', fid: 1001, username: 'alice-dev', avatarUrl: AVATAR }),
    )
    await waitFor(() => expect(frame.types()).toContain('SETUP_WALLET'), { timeout: 10_000 })
    await settle()
    expect(kernel.router.current()?.view).toBe('ConnectingFarcaster')
    expect(frame.overlay.shown).toEqual([420])
    expect(modal().getByText('Set up your wallet')).toBeTruthy()

    await act(async () => finish({}))
    await waitFor(() => expect(kernel.getState().accounts.eip155?.address).toBe(BOB), { timeout: 10_000 })
    const account = kernel.getState().accounts.eip155
    expect(account?.socialProvider).toBe('farcaster')
    expect(account?.user).toMatchObject({ userName: 'alice-dev', avatarUrl: AVATAR })
    expect(kernel.getState().accounts.solana?.address).toBe(SOL_ADDRESS)
    expect(kernel.getState().modal.open).toBe(false)
  })

  it('says an expired request expired and gets a new code on Try again', async () => {
    const { kernel, frame } = farcasterKernel()
    let calls = 0
    frame.handlers.CONNECT_FARCASTER = () => {
      calls++
      if (calls === 1)
        throw frameAnswerError('CONNECT_FARCASTER', {
          message: 'The sign-in was not approved in time: start again',
          code: 'farcaster_timeout',
        })
      return new Promise(() => {})
    }
    await openFarcaster(kernel)
    const alert = await modal().findByRole('alert', {}, { timeout: 10_000 })
    expect(alert.textContent).toBe('The sign-in request expired before it was approved')
    expect(qrValue()).toBeUndefined()
    await click(modal().getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(qrValue()).toBe(uriOf(2)), { timeout: 10_000 })
    expect(modal().queryByRole('alert')).toBeNull()
  })

  it("names a signature by a key that is not the fid's custody address, and connects nothing", async () => {
    const { kernel, frame } = farcasterKernel()
    frame.handlers.CONNECT_FARCASTER = () => {
      throw frameAnswerError('CONNECT_FARCASTER', {
        message: "The Farcaster sign-in was not signed by the fid's custody address",
        code: 'FARCASTER_NOT_CUSTODY',
      })
    }
    await openFarcaster(kernel)
    const alert = await modal().findByRole('alert', {}, { timeout: 10_000 })
    expect(alert.textContent).toBe("The sign-in was not signed by the account's custody address")
    expect(kernel.getState().accounts.eip155?.address).toBeUndefined()
    expect(frame.types()).not.toContain('GET_USER')
  })

  it('says Farcaster login is not available when the service has none (501), and offers no retry', async () => {
    const { kernel, frame } = farcasterKernel()
    frame.handlers.CONNECT_FARCASTER = () => {
      throw frameAnswerError('CONNECT_FARCASTER', {
        message: 'Farcaster login is not configured on this service',
        code: 'FARCASTER_NOT_CONFIGURED',
      })
    }
    await openFarcaster(kernel)
    const alert = await modal().findByRole('alert', {}, { timeout: 10_000 })
    expect(alert.textContent).toBe('Farcaster login is not available in this app')
    expect(modal().queryByRole('button', { name: 'Try again' })).toBeNull()
    expect(kernel.getState().accounts.eip155?.address).toBeUndefined()
  })

  it('keeps the username and picture for the reconnect after a reload', async () => {
    const storage = createMemoryBackend()
    const { kernel, frame } = farcasterKernel(storage)
    frame.handlers.CONNECT_FARCASTER = () => ({
      action: 'CONNECT',
      fid: 1002,
      username: 'bob-dev',
      avatarUrl: AVATAR,
    })
    await openFarcaster(kernel)
    await waitFor(() => expect(kernel.getState().accounts.eip155?.user?.userName).toBe('bob-dev'), {
      timeout: 10_000,
    })
    kernel.destroy()

    const reloaded = kernelWithFakeFrame([farcaster()], storage).kernel
    kernels.push(reloaded)
    expect((await reconnect(reloaded, { waitMs: 0 })).sort()).toEqual(['eip155', 'solana'])
    expect(reloaded.getState().accounts.eip155).toMatchObject({
      socialProvider: 'farcaster',
      user: { userName: 'bob-dev', avatarUrl: AVATAR },
    })
    // The account button names the account by its Farcaster username, with its picture.
    const { container } = renderWith(reloaded, <AccountButton />)
    await waitFor(() => expect(container.textContent).toContain('bob-dev'))
    expect(container.querySelector('img')?.getAttribute('src')).toBe(AVATAR)
  })
})
