import { type Kernel, ValidationError } from 'latchkit'
import { isEmail } from './emailRule'
import { emailWallet } from './emailWallet'
import { emailMessages } from './messages'

/**
 * The first step of an email update: checks the new address and asks the frame to mail a
 * code to the current one.
 *
 * @example
 * await startEmailUpdate(kernel, 'new@example.com')
 */
export async function startEmailUpdate(kernel: Kernel, email: string): Promise<void> {
  const address = email.trim()
  if (!isEmail(address)) throw new ValidationError(emailMessages.EMAIL_INVALID, { code: 'EMAIL_INVALID' })
  const wallet = emailWallet(kernel)
  const current = wallet.user()?.email
  if (!current) throw new ValidationError(emailMessages.EMAIL_NOT_LOGGED_IN, { code: 'EMAIL_NOT_LOGGED_IN' })
  if (current.toLowerCase() === address.toLowerCase()) {
    throw new ValidationError(emailMessages.EMAIL_SAME_ADDRESS, { code: 'EMAIL_SAME_ADDRESS' })
  }
  await wallet.request('UPDATE_EMAIL', { email: address })
}

/**
 * The code sent to the current address; the frame then mails one to the new address.
 *
 * @example
 * await confirmCurrentAddress(kernel, '123456')
 */
export async function confirmCurrentAddress(kernel: Kernel, otp: string): Promise<void> {
  if (!/^\d{6}$/.test(otp))
    throw new ValidationError(emailMessages.EMAIL_OTP_INVALID, { code: 'EMAIL_OTP_INVALID' })
  await emailWallet(kernel).request('UPDATE_EMAIL_PRIMARY_OTP', { otp })
}

/**
 * The code sent to the new address: the new address is the login from now on, and the
 * account state shows it. Returns it.
 *
 * @example
 * const email = await confirmNewAddress(kernel, '654321')
 */
export async function confirmNewAddress(kernel: Kernel, otp: string): Promise<string> {
  if (!/^\d{6}$/.test(otp))
    throw new ValidationError(emailMessages.EMAIL_OTP_INVALID, { code: 'EMAIL_OTP_INVALID' })
  const wallet = emailWallet(kernel)
  const { email } = await wallet.request('UPDATE_EMAIL_SECONDARY_OTP', { otp })
  wallet.setUserEmail(email)
  return email
}
