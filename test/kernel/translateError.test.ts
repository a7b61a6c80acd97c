import { HttpError, LatchError, UserRejectedRequestError } from 'latchkit'
import { describe, expect, it } from 'vitest'
import de from '../../locales/de'
import { describeEnsError } from '../../plugins/ens/views/describeEnsError'
import { createI18n } from '../../src/kernel/i18n'
import { describeFailure } from '../../src/react/describeFailure'
import { errorStrings } from '../../src/react/errorStrings'

// No defaults registered: the errors carry their English messages.
const germanT = () => createI18n(de).t

describe('error messages in the chosen language', () => {
  it('describeFailure shows a kernel error in the locale, by its code', () => {
    const error = new LatchError('Chain mismatch', { code: 'CHAIN_MISMATCH' })
    expect(describeFailure(error, 'fallback', germanT())).toBe('Chain stimmt nicht überein')
    expect(describeFailure(error, 'fallback')).toBe('Chain mismatch')
  })

  it('fills the placeholders with what the English message said in their place', () => {
    expect(describeFailure(new HttpError(404), 'fallback', germanT())).toBe('HTTP-Statuscode: 404')
  })

  it('translates a wallet rejection (an RPC code)', () => {
    expect(describeFailure(new UserRejectedRequestError(), 'fallback', germanT())).toBe(
      'Anfrage wurde abgelehnt',
    )
  })

  it("keeps a plugin's own words under a kernel code, and English where the locale has no string", () => {
    const own = new LatchError('Only mainnet is supported here', { code: 'UNSUPPORTED_CHAIN' })
    expect(describeFailure(own, 'fallback', germanT())).toBe('Only mainnet is supported here')
    const other = createI18n({ tag: 'xx', direction: 'ltr', strings: {} })
    expect(describeFailure(new HttpError(500), 'fallback', other.t)).toBe('HTTP status code: 500')
    expect(errorStrings['error.HTTP_STATUS']).toBe('HTTP status code: {status}')
  })
})

describe("a plugin's error text in the chosen language", () => {
  it('the names view says a kernel or wallet error in the locale when the plugin has no string for it', () => {
    const t = germanT()
    // A timeout the plugin has no ens.error string for: the kernel's message, in German.
    expect(describeEnsError(new HttpError(503), t)).toBe('HTTP-Statuscode: 503')
    expect(describeEnsError(new UserRejectedRequestError(), t)).toBe('Anfrage wurde abgelehnt')
    // The plugin's own code keeps the plugin's string.
    expect(describeEnsError(new LatchError('x', { code: 'ENS_NAME_RULE' }), t)).toBe(
      de.strings['ens.error.ENS_NAME_RULE'],
    )
  })
})
