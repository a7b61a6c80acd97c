import { ConfigError, type Kernel } from 'latchkit'
import { LEGAL_CHECKBOX_PLUGIN_ID } from './ids'

/** What the plugin offers its checkbox and the actions through `kernel.services`. */
export interface LegalCheckboxController {
  readonly termsConditionsUrl: string
  readonly privacyPolicyUrl: string
  agreed(): boolean
  /** Records the visitor's choice, in the state and in this browser's storage. */
  setAgreed(agreed: boolean): void
}

/**
 * The controller of the kernel's legal checkbox plugin; throws a ConfigError when the
 * plugin is not installed.
 *
 * @example legalCheckboxController(kernel).setAgreed(true)
 */
export function legalCheckboxController(kernel: Kernel): LegalCheckboxController {
  const controller = kernel.services.get(LEGAL_CHECKBOX_PLUGIN_ID) as LegalCheckboxController | undefined
  if (!controller) {
    throw new ConfigError('The legal checkbox is not enabled', {
      code: 'VALIDATION_FAILED',
      details:
        'Add legalCheckbox({ termsConditionsUrl, privacyPolicyUrl }) from latchkit/plugins/legal-checkbox to options.plugins.',
    })
  }
  return controller
}
