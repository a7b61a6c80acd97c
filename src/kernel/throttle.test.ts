import { describe, expect, it } from 'vitest'
import { LatchError } from './errors'
import { createEmailThrottle, EMAIL_LOGIN_COOLDOWN_MS } from './throttle'

function setup(start = 1_000_000) {
  let time = start
  let stored: number | undefined
  const throttle = createEmailThrottle({
    store: { get: () => stored, set: (value) => (stored = value) },
    now: () => time,
  })
  return {
    throttle,
    advance: (ms: number) => (time += ms),
    stored: () => stored,
    setStored: (value: number | undefined) => (stored = value),
  }
}

function message(fn: () => void): string | undefined {
  try {
    fn()
  } catch (error) {
    expect(error).toBeInstanceOf(LatchError)
    expect((error as LatchError).code).toBe('EMAIL_THROTTLED')
    return (error as LatchError).message
  }
  return undefined
}

describe('createEmailThrottle', () => {
  it('allows the first login and records the time', () => {
    const { throttle, stored } = setup()
    expect(() => throttle.check()).not.toThrow()
    throttle.record()
    expect(stored()).toBe(1_000_000)
  })

  it('blocks for 30 s with the seconds remaining rounded up', () => {
    const { throttle, advance } = setup()
    throttle.record()
    expect(message(() => throttle.check())).toBe('Please try again after 30 seconds')
    advance(1)
    expect(message(() => throttle.check())).toBe('Please try again after 30 seconds')
    advance(999)
    expect(message(() => throttle.check())).toBe('Please try again after 29 seconds')
    advance(28_001)
    expect(throttle.remainingMs()).toBe(999)
    expect(message(() => throttle.check())).toBe('Please try again after 1 seconds')
    advance(999)
    expect(throttle.remainingMs()).toBe(0)
    expect(() => throttle.check()).not.toThrow()
  })

  it('uses a stored time from an earlier page load', () => {
    const { throttle, setStored } = setup()
    setStored(1_000_000 - 10_500)
    expect(message(() => throttle.check())).toBe('Please try again after 20 seconds')
  })

  it('waits at most one cooldown when the stored time is in the future', () => {
    const { throttle, setStored } = setup()
    setStored(1_000_000 + 3_600_000)
    expect(throttle.remainingMs()).toBe(EMAIL_LOGIN_COOLDOWN_MS)
  })

  it('ignores a missing or non-finite stored time and honours a custom cooldown', () => {
    const { throttle, setStored } = setup()
    setStored(Number.NaN)
    expect(() => throttle.check()).not.toThrow()
    const custom = createEmailThrottle({
      store: { get: () => 0, set: () => {} },
      now: () => 4_000,
      cooldownMs: 5_000,
    })
    expect(message(() => custom.check())).toBe('Please try again after 1 seconds')
  })
})
