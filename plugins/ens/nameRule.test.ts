import { describe, expect, it } from 'vitest'
import { nameRuleProblem } from './nameRule'

describe('the name rule', () => {
  it('takes letters, digits or hyphen, 4 to 63 characters', () => {
    for (const label of ['alice', 'Alice', 'abcd', 'a-b-', '2026', 'x'.repeat(63)]) {
      expect(nameRuleProblem(label)).toBeUndefined()
    }
  })

  it('names what is wrong with anything else', () => {
    for (const label of ['', 'abc', 'ali ce', 'alice.eth', 'al_ice', 'ålice', 'alice!']) {
      expect(nameRuleProblem(label), label).toBe('ENS_NAME_RULE')
    }
    expect(nameRuleProblem('x'.repeat(64))).toBe('ENS_NAME_TOO_LONG')
  })
})
