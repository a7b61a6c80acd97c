/**
 * The names service's rules a registration is checked against before the chain is asked:
 * the name rule, the signed message and its time window, and the ENSIP-11 coin types.
 */
import { toCoinType } from 'viem'
import { describe, expect, it } from 'vitest'
import { BadRequest } from '../../../server/api/httpErrors.js'
import { chainOfCoinType } from '../../../server/names/coinType.js'
import { isValidLabel, parseRegistrableName } from '../../../server/names/nameRule.js'
import {
  CLOCK_SKEW_SECONDS,
  MESSAGE_MAX_AGE_SECONDS,
  readRegistrationMessage,
} from '../../../server/names/registrationMessage.js'

function codeOf(run: () => unknown): string | undefined {
  try {
    run()
  } catch (error) {
    return error instanceof BadRequest ? error.code : `not a BadRequest: ${String(error)}`
  }
  return undefined
}

describe('the name rule', () => {
  it('takes letters, digits or hyphen, 4 to 63 characters', () => {
    for (const label of ['abcd', 'a-b-', '1234', 'x'.repeat(63), 'mixed-42'])
      expect(isValidLabel(label)).toBe(true)
    for (const label of ['abc', '', 'x'.repeat(64), 'dot.ted', 'under_score', 'spa ce', 'émile', 'ALICE'])
      expect(isValidLabel(label)).toBe(false)
  })

  it('splits a name into label and served zone, in lower case', () => {
    expect(parseRegistrableName('Alice.Latch.ID', ['latch.id'])).toEqual({
      name: 'alice.latch.id',
      label: 'alice',
      zone: 'latch.id',
    })
  })

  it('refuses a zone it does not serve and a label that breaks the rule, by code', () => {
    expect(codeOf(() => parseRegistrableName('alice.eth', ['latch.id']))).toBe('ZONE_UNSUPPORTED')
    expect(codeOf(() => parseRegistrableName('latch.id', ['latch.id']))).toBe('ZONE_UNSUPPORTED')
    expect(codeOf(() => parseRegistrableName('abc.latch.id', ['latch.id']))).toBe('NAME_INVALID')
    expect(codeOf(() => parseRegistrableName('a.b.c.d.latch.id', ['latch.id']))).toBe('NAME_INVALID')
    expect(codeOf(() => parseRegistrableName('bad_name.latch.id', ['latch.id']))).toBe('NAME_INVALID')
  })

  it('says the rule in the refusal', () => {
    expect(() => parseRegistrableName('abc.latch.id', ['latch.id'])).toThrow(
      'abc.latch.id is not a valid name: letters, digits or hyphen, 4 to 63 characters',
    )
  })
})

describe('the signed registration message', () => {
  const now = 1_800_000_000
  const message = (fields: Record<string, unknown>) =>
    JSON.stringify({ name: 'alice.latch.id', attributes: {}, timestamp: now, ...fields })

  it('reads the name, attributes and timestamp', () => {
    expect(
      readRegistrationMessage(message({ attributes: { avatar: 'https://a.example/a.png' } }), now),
    ).toEqual({
      name: 'alice.latch.id',
      attributes: { avatar: 'https://a.example/a.png' },
      timestamp: now,
    })
  })

  it(`takes a message signed up to ${MESSAGE_MAX_AGE_SECONDS} s ago or ${CLOCK_SKEW_SECONDS} s ahead, no further`, () => {
    expect(
      readRegistrationMessage(message({ timestamp: now - MESSAGE_MAX_AGE_SECONDS }), now).timestamp,
    ).toBe(now - MESSAGE_MAX_AGE_SECONDS)
    expect(readRegistrationMessage(message({ timestamp: now + CLOCK_SKEW_SECONDS }), now).timestamp).toBe(
      now + CLOCK_SKEW_SECONDS,
    )
    expect(
      codeOf(() => readRegistrationMessage(message({ timestamp: now - MESSAGE_MAX_AGE_SECONDS - 1 }), now)),
    ).toBe('TIMESTAMP_OUT_OF_WINDOW')
    expect(
      codeOf(() => readRegistrationMessage(message({ timestamp: now + CLOCK_SKEW_SECONDS + 1 }), now)),
    ).toBe('TIMESTAMP_OUT_OF_WINDOW')
  })

  it('refuses anything but that JSON', () => {
    for (const bad of [
      'not json',
      '[]',
      JSON.stringify({ name: 'alice.latch.id', attributes: {} }),
      message({ timestamp: '1800000000' }),
      message({ timestamp: 1.5 }),
      message({ attributes: { owner: '0x0' } }),
      message({ name: '' }),
    ]) {
      expect(codeOf(() => readRegistrationMessage(bad, now))).toBe('MESSAGE_INVALID')
    }
  })
})

describe('ENSIP-11 coin types', () => {
  it('maps a coin type back to its EVM chain, 60 to Ethereum', () => {
    expect(chainOfCoinType(60)).toBe(1)
    for (const chainId of [10, 8453, 31337, 0x7fffffff])
      expect(chainOfCoinType(Number(toCoinType(chainId)))).toBe(chainId)
    expect(Number(toCoinType(31337))).toBe(2147514985)
  })

  it('refuses a coin type that is no EVM chain', () => {
    for (const coinType of [0, 501, 0x80000000, 2 ** 32, -1, Number.NaN, 1.5])
      expect(codeOf(() => chainOfCoinType(coinType))).toBe('COIN_TYPE_UNSUPPORTED')
  })
})
