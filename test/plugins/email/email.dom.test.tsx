import { act, fireEvent, waitFor } from '@testing-library/react'
import type { Kernel } from 'latchkit'
import { email } from 'latchkit/plugins/email'
import { afterEach, describe, expect, it } from 'vitest'
import { cooldownSecondsLeft } from '../../../plugins/email/cooldown'
import { isEmail } from '../../../plugins/email/emailRule'
import type { AuthSession } from '../../../plugins/embedded-wallet/authSession'
import { frameAnswerError } from '../../../plugins/embedded-wallet/messages'
import { kernelWithFakeFrame, SOL_ADDRESS } from '../embedded-wallet/embeddedWalletFake'
import { BOB, click, modal, openOn, renderWith, settle, type } from '../helpers'

const kernels: Kernel[] = []
afterEach(() => {
  for (const kernel of kernels.splice(0)) kernel.destroy()
})

/** A kernel with the email plugin over the embedded wallet, its frame a fake that answers from a table. */
function emailKernel() {
  const { kernel, frame } = kernelWithFakeFrame([email()])
  frame.handlers.CONNECT_EMAIL = () => ({ action: 'VERIFY_OTP' })
  frame.handlers.CONNECT_OTP = ({ otp }) => {
    if (otp === '000000')
      throw frameAnswerError('CONNECT_OTP', { message: 'Invalid code', code: 'INVALID_OTP' })
    return { action: 'CONNECT' }
  }
  kernels.push(kernel)
  renderWith(kernel)
  return { kernel, frame }
}

const service = (kernel: Kernel) => kernel.services.get('embeddedWallet') as AuthSession

async function submitEmail(address: string) {
  await type(await modal().findByRole('textbox', { name: 'Email' }, { timeout: 10_000 }), address)
  await click(modal().getByRole('button', { name: 'Continue' }))
}

async function pasteCode(code: string) {
  const first = (await modal().findAllByLabelText(/Digit \d of 6/, {}, { timeout: 10_000 }))[0] as HTMLElement
  await act(async () => {
    fireEvent.paste(first, { clipboardData: { getData: () => code } })
  })
  await settle()
}

describe('the email rules', () => {
  it('checks the address format', () => {
    expect(isEmail('ada@example.com')).toBe(true)
    for (const bad of ['', 'ada', 'ada@', '@example.com', 'ada@example', 'a b@example.com'])
      expect(isEmail(bad)).toBe(false)
  })

  it('counts the 30 s cooldown in whole seconds, rounded up', () => {
    expect(cooldownSecondsLeft(undefined, 5_000)).toBe(0)
    expect(cooldownSecondsLeft(1_000, 1_000)).toBe(30)
    expect(cooldownSecondsLeft(1_000, 1_001)).toBe(30)
    expect(cooldownSecondsLeft(1_000, 1_000 + 12_400)).toBe(18)
    expect(cooldownSecondsLeft(1_000, 1_000 + 29_001)).toBe(1)
    expect(cooldownSecondsLeft(1_000, 1_000 + 30_000)).toBe(0)
    expect(cooldownSecondsLeft(10_000, 5_000)).toBe(0)
  })
})

describe('email login in the modal', () => {
  it('is the first connect method, and sends nothing for a malformed address', async () => {
    const { kernel, frame } = emailKernel()
    await openOn(kernel, 'Connect')
    await modal().findByRole('textbox', { name: 'Email' }, { timeout: 10_000 })
    const methods = document
      .querySelector('latchkit-modal')
      ?.shadowRoot?.querySelectorAll('[data-latchkit="connect-methods"] > [data-method]')
    expect([...(methods ?? [])].map((element) => element.getAttribute('data-method'))).toEqual([
      'email',
      'wallet',
    ])
    await submitEmail('ada@example')
    expect(modal().getByRole('alert').textContent).toBe('Enter a valid email address')
    expect(frame.types()).toEqual([])
  })

  it('logs in with the emailed code (pasted) and connects the EVM and the Solana account', async () => {
    const { kernel, frame } = emailKernel()
    await openOn(kernel, 'Connect')
    await submitEmail(' ada@example.com ')
    expect(frame.asked.find((entry) => entry.type === 'CONNECT_EMAIL')?.payload).toEqual({
      email: 'ada@example.com',
    })
    expect(kernel.router.current()?.view).toBe('EmailVerifyOtp')
    expect(
      await modal().findByText(
        'Enter the 6-digit code we emailed to ada@example.com.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy()
    await pasteCode('Your code: 123456')
    await waitFor(() => expect(kernel.getState().status).toBe('connected'), { timeout: 10_000 })
    expect(frame.asked.find((entry) => entry.type === 'CONNECT_OTP')?.payload).toEqual({ otp: '123456' })
    const state = kernel.getState()
    expect(state.accounts.eip155?.address).toBe(BOB)
    expect(state.accounts.solana?.address).toBe(SOL_ADDRESS)
    expect(state.accounts.eip155?.user?.email).toBe('ada@example.com')
    expect(state.modal.open).toBe(false)
  })

  it("shows the frame's message for a wrong code and empties the boxes", async () => {
    const { kernel } = emailKernel()
    await openOn(kernel, 'Connect')
    await submitEmail('ada@example.com')
    await pasteCode('000000')
    expect(modal().getByRole('alert').textContent).toBe('Invalid code')
    const boxes = modal().getAllByLabelText(/Digit \d of 6/) as HTMLInputElement[]
    expect(boxes.map((box) => box.value)).toEqual(['', '', '', '', '', ''])
    expect(kernel.getState().status).toBe('disconnected')
  })

  it("refuses a new login within 30 s of the last one: 'Please try again after {n} seconds', counting down", async () => {
    const { kernel, frame } = emailKernel()
    await openOn(kernel, 'Connect')
    await type(await modal().findByRole('textbox', { name: 'Email' }, { timeout: 10_000 }), 'ada@example.com')
    // The last login started 27.5 s ago: 2.5 s are left, shown as 3 and counting down.
    service(kernel).markEmailLoginStarted(Date.now() - 27_500)
    await click(modal().getByRole('button', { name: 'Continue' }))
    expect(modal().getByRole('alert').textContent).toMatch(/^Please try again after [23] seconds$/)
    await waitFor(
      () => expect(modal().getByRole('alert').textContent).toBe('Please try again after 1 seconds'),
      {
        timeout: 5_000,
        interval: 50,
      },
    )
    await waitFor(() => expect(modal().queryByRole('alert')).toBeNull(), { timeout: 5_000, interval: 50 })
    expect(frame.types()).toEqual([])
  })

  it('waits while the person approves this device by the emailed link, then asks for the code', async () => {
    const { kernel, frame } = emailKernel()
    frame.handlers.CONNECT_EMAIL = () => ({ action: 'VERIFY_DEVICE' })
    let asks = 0
    frame.handlers.CONNECT_DEVICE = () => ({ approved: ++asks >= 3 })
    await openOn(kernel, 'Connect')
    await submitEmail('ada@example.com')
    await waitFor(() => expect(kernel.router.current()?.view).toBe('EmailVerifyOtp'), { timeout: 10_000 })
    expect(asks).toBe(3)
  })

  it('sets up a wallet for a new person in the frame, over the view, and then connects', async () => {
    const { kernel, frame } = emailKernel()
    frame.handlers.CONNECT_OTP = () => ({ action: 'SETUP_WALLET' })
    let finish: (value: unknown) => void = () => {}
    frame.handlers.SETUP_WALLET = () => new Promise((resolve) => (finish = resolve))
    await openOn(kernel, 'Connect')
    await submitEmail('ada@example.com')
    await pasteCode('123456')
    expect(kernel.router.current()).toMatchObject({ view: 'EmailWallet', params: { step: 'SETUP_WALLET' } })
    await waitFor(() => expect(frame.overlay.placeholder).toBe(true), { timeout: 10_000 })
    frame.send({ type: 'FRAME_SHOW', payload: { reason: 'setup', height: 420 } })
    expect(kernel.router.current()?.view).toBe('EmailWallet')
    expect(frame.overlay.shown).toEqual([420])
    await act(async () => {
      finish({})
    })
    await waitFor(() => expect(kernel.getState().accounts.eip155?.address).toBe(BOB), { timeout: 10_000 })
    expect(frame.types()).toContain('SETUP_WALLET')
  })

  it('updates the email from the Account view: new address, then the code to the current one, then the code to the new one', async () => {
    const { kernel, frame } = emailKernel()
    frame.handlers.UPDATE_EMAIL = () => ({ action: 'VERIFY_PRIMARY_OTP' })
    frame.handlers.UPDATE_EMAIL_PRIMARY_OTP = () => ({ action: 'VERIFY_SECONDARY_OTP' })
    frame.handlers.UPDATE_EMAIL_SECONDARY_OTP = () => ({ email: 'grace@example.com' })
    await act(async () => {
      await service(kernel).connectAfterLogin('email')
    })
    await openOn(kernel, 'Account')
    await click(await modal().findByRole('button', { name: /Update email/ }, { timeout: 10_000 }))
    expect(kernel.router.current()?.view).toBe('UpdateEmail')
    await type(
      await modal().findByRole('textbox', { name: 'New email' }, { timeout: 10_000 }),
      'grace@example.com',
    )
    await click(modal().getByRole('button', { name: 'Continue' }))
    expect(modal().getByText(/ada@example.com \(your current address\)/)).toBeTruthy()
    await pasteCode('111111')
    expect(modal().getByText(/grace@example.com \(your new address\)/)).toBeTruthy()
    await pasteCode('222222')
    expect(frame.asked.filter((entry) => entry.type.startsWith('UPDATE_EMAIL'))).toEqual([
      { type: 'UPDATE_EMAIL', payload: { email: 'grace@example.com' } },
      { type: 'UPDATE_EMAIL_PRIMARY_OTP', payload: { otp: '111111' } },
      { type: 'UPDATE_EMAIL_SECONDARY_OTP', payload: { otp: '222222' } },
    ])
    expect(kernel.getState().accounts.eip155?.user?.email).toBe('grace@example.com')
    expect(kernel.router.current()?.view).toBe('Account')
  })
})
