import { describe, expect, it } from 'vitest'
import { sendOptions } from './authSolanaWallet'

describe('sendOptions', () => {
  it('passes only the four send options the Solana rule names, each of its type', () => {
    expect(
      sendOptions({
        skipPreflight: true,
        preflightCommitment: 'confirmed',
        maxRetries: 3,
        minContextSlot: 9,
        extra: 1,
      }),
    ).toEqual({ skipPreflight: true, preflightCommitment: 'confirmed', maxRetries: 3, minContextSlot: 9 })
    expect(
      sendOptions({ skipPreflight: 'yes', preflightCommitment: 'soon', maxRetries: '3' }),
    ).toBeUndefined()
    expect(sendOptions(undefined)).toBeUndefined()
  })
})
