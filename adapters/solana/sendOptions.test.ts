import { describe, expect, it } from 'vitest'
import { thrown } from '../../test/support/thrown'
import { parseSolanaSendOptions } from './sendOptions'

describe('parseSolanaSendOptions', () => {
  it('accepts the four options and every commitment', () => {
    for (const preflightCommitment of [
      'processed',
      'confirmed',
      'finalized',
      'recent',
      'single',
      'singleGossip',
      'root',
      'max',
    ] as const) {
      const options = { skipPreflight: true, preflightCommitment, maxRetries: 3, minContextSlot: 10 }
      expect(parseSolanaSendOptions(options)).toEqual(options)
    }
    expect(parseSolanaSendOptions(undefined)).toEqual({})
  })

  it('rejects wrong types and unknown commitments', () => {
    expect(thrown(() => parseSolanaSendOptions({ skipPreflight: 'yes' })).message).toContain('skipPreflight')
    expect(thrown(() => parseSolanaSendOptions({ preflightCommitment: 'final' })).message).toContain(
      'preflightCommitment: expected one of',
    )
    expect(thrown(() => parseSolanaSendOptions({ maxRetries: '3' })).message).toContain('maxRetries')
    expect(thrown(() => parseSolanaSendOptions({ minContextSlot: null })).message).toContain('minContextSlot')
  })
})
