import { type Kernel, LatchError, ValidationError } from 'latchkit'
import { cooldownSecondsLeft } from './cooldown'
import { isEmail } from './emailRule'
import { emailWallet } from './emailWallet'
import { EMAIL_VIEWS } from './ids'
import { emailMessages } from './messages'

/** How a started login goes on: approve this device by the emailed link, or enter the code. */
export type EmailLoginStep = 'VERIFY_DEVICE' | 'VERIFY_OTP'

/**
 * Checks the address and the 30 s cooldown, then asks the frame to start a login (it
 * mails a code, or a device-approval link for a known person on a new device). Nothing
 * is sent for a malformed address or within the cooldown: a ValidationError says why
 * ('Please try again after {n} seconds', with `values.n`).
 *
 * @example
 * const step = await startEmailLogin(kernel, 'ada@example.com')
 */
export async function startEmailLogin(
  kernel: Kernel,
  email: string,
  now = Date.now(),
): Promise<EmailLoginStep> {
  const address = email.trim()
  if (!isEmail(address)) throw new ValidationError(emailMessages.EMAIL_INVALID, { code: 'EMAIL_INVALID' })
  const wallet = emailWallet(kernel)
  const n = cooldownSecondsLeft(wallet.lastEmailLoginTime(), now)
  if (n > 0) {
    throw new ValidationError(emailMessages.EMAIL_COOLDOWN.replace('{n}', String(n)), {
      code: 'EMAIL_COOLDOWN',
      values: { n },
    })
  }
  wallet.markEmailLoginStarted(now)
  const { action } = await wallet.request('CONNECT_EMAIL', { email: address })
  return action
}

/**
 * Waits while the person approves this device from the emailed link: asks the frame
 * again each time its wait ends unapproved, until approved (then the code is mailed) or
 * `signal` aborts.
 *
 * @example
 * await waitForDeviceApproval(kernel, controller.signal)
 */
export async function waitForDeviceApproval(kernel: Kernel, signal: AbortSignal): Promise<void> {
  const wallet = emailWallet(kernel)
  while (!signal.aborted) {
    const { approved } = await wallet.request('CONNECT_DEVICE', {}, { signal })
    if (approved !== false) return
  }
  throw new LatchError('Request was aborted', { code: 'EMBEDDED_WALLET_ABORTED' })
}

/**
 * Connects the app's EVM and Solana families through the embedded wallet and closes the
 * modal if an email view is still on top.
 *
 * @example
 * await finishEmailLogin(kernel)
 */
export async function finishEmailLogin(kernel: Kernel): Promise<void> {
  await emailWallet(kernel).connectAfterLogin('email')
  const view = kernel.router.current()?.view
  if (view === EMAIL_VIEWS.verifyOtp || view === EMAIL_VIEWS.wallet || view === EMAIL_VIEWS.verifyDevice) {
    kernel.close()
  }
}

/**
 * Sends the code. When the wallet is usable now the login finishes here; a new person
 * sets up a wallet and a known person on a new device recovers it, each in the frame's
 * own screen, which the returned step names.
 *
 * @example
 * const next = await submitLoginCode(kernel, '123456') // 'CONNECT' | 'SETUP_WALLET' | 'RECOVER_WALLET'
 */
export async function submitLoginCode(
  kernel: Kernel,
  otp: string,
): Promise<'CONNECT' | 'SETUP_WALLET' | 'RECOVER_WALLET'> {
  if (!/^\d{6}$/.test(otp))
    throw new ValidationError(emailMessages.EMAIL_OTP_INVALID, { code: 'EMAIL_OTP_INVALID' })
  const { action } = await emailWallet(kernel).request('CONNECT_OTP', { otp })
  if (action === 'CONNECT') await finishEmailLogin(kernel)
  return action
}

/**
 * Runs the frame's wallet set-up (a new person) or recovery (a new device) while the
 * view shows the frame over its placeholder, then finishes the login.
 *
 * @example
 * await completeWallet(kernel, 'SETUP_WALLET', controller.signal)
 */
export async function completeWallet(
  kernel: Kernel,
  step: 'SETUP_WALLET' | 'RECOVER_WALLET',
  signal: AbortSignal,
): Promise<void> {
  await emailWallet(kernel).request(step, {}, { signal })
  await finishEmailLogin(kernel)
}
