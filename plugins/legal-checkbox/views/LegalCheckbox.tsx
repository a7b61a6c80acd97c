'use client'
import { useKernel, useKernelState, useT } from 'latchkit/react'
import { type ReactElement, useId } from 'react'
import type { LegalCheckboxState } from '../agreement'
import { legalCheckboxController } from '../controller'
import { LEGAL_CHECKBOX_PLUGIN_ID } from '../ids'
import { legalCss } from './legalCss'

/**
 * The checkbox above the ways to connect: the sentence with the app's two links (each
 * opens in a new tab and does not tick the box), and while it is not ticked, why the ways
 * to connect are disabled, which the checkbox names as its description for screen readers.
 */
export default function LegalCheckbox(): ReactElement {
  const kernel = useKernel()
  const t = useT()
  const reasonId = useId()
  const controller = legalCheckboxController(kernel)
  const agreed = useKernelState(
    (state) => (state.plugins[LEGAL_CHECKBOX_PLUGIN_ID] as LegalCheckboxState | undefined)?.agreed === true,
  )
  // Both URLs were checked to be http(s) when the plugin was made.
  const links: Record<string, { href: string; text: string }> = {
    '{terms}': { href: controller.termsConditionsUrl, text: t('legalCheckbox.terms') },
    '{privacy}': { href: controller.privacyPolicyUrl, text: t('legalCheckbox.privacy') },
  }
  // The translated sentence, with each placeholder made a link where the language put it.
  const sentence = t('legalCheckbox.agree')
    .split(/(\{terms\}|\{privacy\})/)
    .map((part) => {
      const link = links[part]
      // Plain text needs no key; each link appears once.
      return link ? (
        <a key={part} href={link.href} target="_blank" rel="noopener noreferrer">
          {link.text}
        </a>
      ) : (
        part
      )
    })
  return (
    <div className="lk-stack" data-latchkit="legal-checkbox">
      <style>{legalCss}</style>
      <label className="lk-legal">
        <input
          type="checkbox"
          checked={agreed}
          aria-describedby={agreed ? undefined : reasonId}
          onChange={(event) => controller.setAgreed(event.currentTarget.checked)}
        />
        <span>{sentence}</span>
      </label>
      {agreed ? null : (
        <p id={reasonId} className="lk-muted lk-reason" data-latchkit="legal-checkbox-reason">
          {t('legalCheckbox.required')}
        </p>
      )}
    </div>
  )
}
