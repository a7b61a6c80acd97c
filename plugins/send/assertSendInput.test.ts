import { ValidationError } from 'latchkit'
import { describe, expect, it } from 'vitest'
import { thrown } from '../../test/support/thrown'
import { assertSendInput } from './assertSendInput'

describe('assertSendInput', () => {
  const ok = { amount: '1', receiverAddress: '0xabc', token: { symbol: 'ETH' }, chainSupported: true }
  const message = (input: Partial<typeof ok> & Record<string, unknown>) =>
    thrown(() => assertSendInput({ ...ok, ...input } as Parameters<typeof assertSendInput>[0])).message

  it('passes a complete request', () => {
    expect(() => assertSendInput(ok)).not.toThrow()
    expect(() => assertSendInput({ ...ok, amount: 0.5 })).not.toThrow()
  })

  it('reports in priority order: amount and receiver, then token, then chain', () => {
    const required = 'An amount and receiver address are required'
    expect(message({ amount: undefined })).toBe(required)
    expect(message({ amount: '' })).toBe(required)
    expect(message({ amount: 0 as unknown as string })).toBe(required)
    expect(message({ receiverAddress: undefined })).toBe(required)
    expect(message({ receiverAddress: '  ', token: undefined, chainSupported: false })).toBe(required)
    expect(message({ token: undefined, chainSupported: false })).toBe('A token is required')
    expect(message({ token: null as unknown as undefined })).toBe('A token is required')
    expect(message({ chainSupported: false })).toBe('Unsupported chain')
    expect(thrown(() => assertSendInput({ ...ok, chainSupported: false }))).toBeInstanceOf(ValidationError)
  })
})
