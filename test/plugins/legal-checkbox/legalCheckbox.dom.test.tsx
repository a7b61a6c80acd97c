import { ConfigError } from 'latchkit'
import { agreeToLegalTerms, hasAgreedToLegalTerms, legalCheckbox } from 'latchkit/plugins/legal-checkbox'
import { describe, expect, it } from 'vitest'
import { memoryBackend } from '../../kernel/helpers'
import { click, makeKernel, modal, openOn, renderWith } from '../helpers'

const urls = {
  termsConditionsUrl: 'https://app.example/terms',
  privacyPolicyUrl: 'https://app.example/privacy',
}

// One memoryBackend shared by the kernels of a test is one browser's localStorage.
async function openConnect(options = urls, storage = memoryBackend()) {
  const { kernel } = makeKernel({ plugins: [legalCheckbox(options)], storage })
  renderWith(kernel)
  await openOn(kernel, 'Connect')
  return { kernel, storage }
}

const wallet = () => modal().getByRole('button', { name: /Test Wallet/ })
/**
 * Whether the wallet's button is disabled. Through its fieldset: happy-dom does not carry a
 * fieldset's disabled state to :disabled (Chromium does; test/e2e/legalCheckbox.browser.test.ts).
 */
const walletDisabled = () => wallet().closest('fieldset')?.disabled === true
/** The checkbox, once its lazily loaded chunk rendered (the first import is transformed on demand). */
const checkbox = () =>
  modal().findByRole(
    'checkbox',
    { name: 'I agree to the Terms of Service and Privacy Policy' },
    { timeout: 15_000 },
  )

describe('legal checkbox', () => {
  it('shows the sentence with the two links, and every way to connect is disabled with the reason', async () => {
    await openConnect()
    expect(((await checkbox()) as HTMLInputElement).checked).toBe(false)
    expect(modal().getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(
      urls.termsConditionsUrl,
    )
    expect(modal().getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      urls.privacyPolicyUrl,
    )
    expect(modal().getByRole('link', { name: 'Privacy Policy' }).getAttribute('target')).toBe('_blank')
    expect(walletDisabled()).toBe(true)
    const reason = modal().getByText('Agree to the Terms of Service and Privacy Policy to connect.')
    // The checkbox names the reason as its description, for a screen reader.
    expect((await checkbox()).getAttribute('aria-describedby')).toBe(reason.id)
  })

  it('ticking it enables them, and the choice is remembered for the browser', async () => {
    const { kernel, storage } = await openConnect()
    await click(await checkbox())
    expect(walletDisabled()).toBe(false)
    expect(modal().queryByText('Agree to the Terms of Service and Privacy Policy to connect.')).toBeNull()
    expect(hasAgreedToLegalTerms(kernel)).toBe(true)
    kernel.destroy()
    document.body.innerHTML = ''

    // The next visit in the same browser: already agreed.
    const again = await openConnect(urls, storage)
    expect(((await checkbox()) as HTMLInputElement).checked).toBe(true)
    expect(walletDisabled()).toBe(false)
    again.kernel.destroy()
    document.body.innerHTML = ''

    // New documents: asked again.
    await openConnect({ ...urls, termsConditionsUrl: 'https://app.example/terms-2027' }, storage)
    expect(((await checkbox()) as HTMLInputElement).checked).toBe(false)
    expect(walletDisabled()).toBe(true)
  })

  it('agreeToLegalTerms does from code what the tick does, and untick disables again', async () => {
    const { kernel } = await openConnect()
    await click(await checkbox())
    expect(walletDisabled()).toBe(false)
    await click(await checkbox())
    expect(walletDisabled()).toBe(true)
    const { act } = await import('@testing-library/react')
    act(() => agreeToLegalTerms(kernel))
    expect(walletDisabled()).toBe(false)
  })

  it('refuses a document that is not an http(s) URL, naming the option', () => {
    expect(() => legalCheckbox({ ...urls, privacyPolicyUrl: 'javascript:alert(1)' })).toThrow(ConfigError)
    expect(() => legalCheckbox({ ...urls, termsConditionsUrl: '/terms' })).toThrow(/termsConditionsUrl/)
  })

  it('asks nothing of a kernel without the plugin but says how to add it', () => {
    const { kernel } = makeKernel()
    expect(() => hasAgreedToLegalTerms(kernel)).toThrow(
      /legalCheckbox\(\{ termsConditionsUrl, privacyPolicyUrl \}\)/,
    )
  })
})
