/**
 * The send form's first rule: what it needs before a transfer is built, checked in this
 * order so the visitor sees the most basic problem first.
 */
import { ValidationError } from 'latchkit'
import { sendMessages } from './messages'

const invalid = (code: keyof typeof sendMessages) => new ValidationError(sendMessages[code], { code })

/** What the send feature checks before it builds a transfer. */
export interface SendInput {
  amount: string | number | bigint | null | undefined
  receiverAddress: string | null | undefined
  token: unknown
  chainSupported: boolean
}

function isBlank(value: unknown): boolean {
  if (value === undefined || value === null) return true
  if (typeof value === 'string') return value.trim() === ''
  if (typeof value === 'number') return value === 0 || Number.isNaN(value)
  if (typeof value === 'bigint') return value === 0n
  return false
}

/**
 * Checks a send request and throws a ValidationError with the
 * first failing message: 'An amount and receiver address are required' (amount missing,
 * empty or zero, or receiver missing), then 'A token is required', then 'Unsupported chain'.
 *
 * @example
 * assertSendInput({ amount: '1.5', receiverAddress: '0x…', token, chainSupported: true })
 */
export function assertSendInput({ amount, receiverAddress, token, chainSupported }: SendInput): void {
  if (isBlank(amount) || isBlank(receiverAddress)) throw invalid('SEND_AMOUNT_AND_RECEIVER_REQUIRED')
  if (token === undefined || token === null || token === false || token === '') {
    throw invalid('SEND_TOKEN_REQUIRED')
  }
  if (!chainSupported) throw invalid('UNSUPPORTED_CHAIN')
}
