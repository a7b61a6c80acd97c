import { HttpError, UserRejectedRequestError } from 'latchkit'
import { describe, expect, it } from 'vitest'
import { ensFailure } from './ensFailure'

const refusal = new HttpError(409, {
  data: {
    method: 'POST',
    url: 'http://api.test/v1/profile/account',
    body: {
      message: 'taken',
      code: 'NAME_TAKEN',
      reasons: [{ description: 'alice.latch.id is already registered' }],
    },
  },
})

describe('the text a failed names request shows', () => {
  it("is the API's first reason when it gave one", () => {
    const error = ensFailure('ENS_REGISTER_FAILED', refusal, { name: 'alice.latch.id' })
    expect(error).toMatchObject({
      code: 'ENS_REGISTER_FAILED',
      shortMessage: 'alice.latch.id is already registered',
    })
    expect(error.cause).toBe(refusal)
  })

  it('is our message for the request otherwise', () => {
    const offline = new HttpError(0)
    expect(ensFailure('ENS_REGISTER_FAILED', offline, { name: 'alice.latch.id' }).shortMessage).toBe(
      'Error registering name alice.latch.id',
    )
    expect(ensFailure('ENS_RESOLVE_FAILED', offline).shortMessage).toBe('Error resolving name')
    expect(ensFailure('ENS_SUGGESTIONS_FAILED', new Error('boom')).shortMessage).toBe(
      'Error fetching name suggestions',
    )
    expect(ensFailure('ENS_NAMES_FAILED', new HttpError(500)).shortMessage).toBe(
      'Error fetching names for address',
    )
  })

  it('says a declined signature was declined', () => {
    const error = ensFailure('ENS_REGISTER_FAILED', new UserRejectedRequestError(), {
      name: 'alice.latch.id',
    })
    expect(error).toMatchObject({
      code: 'ENS_SIGNATURE_DECLINED',
      shortMessage: 'Signature declined: the name was not registered',
    })
  })
})
