import { HttpError, LatchError } from 'latchkit'
import { describe, expect, it } from 'vitest'
import { apiReason } from './apiReason'

const refused = (body: unknown, status = 409) =>
  new HttpError(status, { data: { method: 'POST', url: 'http://api.test/v1/profile/account', body } })

describe("the API's reason for a failure", () => {
  it("is the first reason's description, found through the causes that wrap it", () => {
    const body = {
      message: 'alice.latch.id is already registered',
      code: 'NAME_TAKEN',
      reasons: [{ description: 'alice.latch.id is already registered' }, { description: 'second' }],
    }
    expect(apiReason(refused(body))).toBe('alice.latch.id is already registered')
    const wrapped = new LatchError('Error registering name alice.latch.id', { cause: refused(body) })
    expect(apiReason(wrapped)).toBe('alice.latch.id is already registered')
  })

  it('is undefined when the failure carries none, so the caller says its own message', () => {
    expect(apiReason(refused({ message: 'no reasons' }))).toBeUndefined()
    expect(apiReason(refused({ reasons: [] }))).toBeUndefined()
    expect(apiReason(refused({ reasons: [{ description: '  ' }] }))).toBeUndefined()
    expect(apiReason(refused({ reasons: [{ description: 42 }] }))).toBeUndefined()
    expect(apiReason(refused('<html>Bad gateway</html>', 502))).toBeUndefined()
    expect(apiReason(new HttpError(0))).toBeUndefined()
    expect(apiReason(new Error('offline'))).toBeUndefined()
    expect(apiReason(undefined)).toBeUndefined()
  })

  it('shortens a reason too long to be a sentence', () => {
    const reason = apiReason(refused({ reasons: [{ description: 'x'.repeat(500) }] }))
    expect(reason).toHaveLength(201)
  })
})
