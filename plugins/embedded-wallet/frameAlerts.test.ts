import { ConfigError, LatchError } from 'latchkit'
import { describe, expect, it } from 'vitest'
import { alertFor } from './frameAlerts'
import { frameAnswerError, frameError } from './messages'

describe('alertFor', () => {
  it('names the alert of each failure the person must hear of', () => {
    expect(alertFor(frameError('iframe_load_failed'))).toBe('embeddedWallet.alert.loadFailed')
    expect(alertFor(frameError('iframe_request_timeout'))).toBe('embeddedWallet.alert.timedOut')
    expect(alertFor(frameError('EMBEDDED_WALLET_ORIGIN_REFUSED'))).toBe('embeddedWallet.alert.invalidConfig')
    expect(
      alertFor(new ConfigError('Project ID Not Configured', { code: 'PROJECT_ID_NOT_CONFIGURED' })),
    ).toBe('embeddedWallet.alert.noProjectId')
    expect(alertFor(frameAnswerError('RPC_REQUEST', { message: 'Requested RPC call is not allowed' }))).toBe(
      'embeddedWallet.alert.notAllowed',
    )
  })

  it('leaves to the view what it shows itself: a wrong code, a rejection, anything else', () => {
    expect(
      alertFor(frameAnswerError('CONNECT_OTP', { message: 'Invalid code', code: 'INVALID_OTP' })),
    ).toBeUndefined()
    expect(
      alertFor(frameAnswerError('RPC_REQUEST', { message: 'User rejected the request', code: 4001 })),
    ).toBeUndefined()
    expect(alertFor(new LatchError('x'))).toBeUndefined()
    expect(alertFor(undefined)).toBeUndefined()
  })
})

describe('frameAnswerError', () => {
  it("carries the frame's message, else 'An error occurred', and a numeric code as rpcCode", () => {
    expect(frameAnswerError('CONNECT_OTP', { message: 'Invalid code', code: 'INVALID_OTP' })).toMatchObject({
      shortMessage: 'Invalid code',
      code: 'INVALID_OTP',
    })
    expect(frameAnswerError('CONNECT_OTP', { message: '  ' }).shortMessage).toBe('An error occurred')
    expect(
      frameAnswerError('RPC_REQUEST', { message: 'User rejected the request', code: 4001 }).rpcCode,
    ).toBe(4001)
  })
})
