/**
 * latchkit/plugins/legal-checkbox: "I agree to the Terms of Service and Privacy Policy" on
 * the Connect view, required before any way to connect can be used.
 *
 * @example
 * import { legalCheckbox } from 'latchkit/plugins/legal-checkbox'
 * createKernel({ networks, plugins: [legalCheckbox({ termsConditionsUrl, privacyPolicyUrl })] })
 */

export { agreeToLegalTerms, hasAgreedToLegalTerms } from './actions'
export type { LegalCheckboxState } from './agreement'
export { LEGAL_CHECKBOX_PLUGIN_ID } from './ids'
export { legalCheckbox } from './legalCheckbox'
export type { LegalCheckboxOptions } from './options'
export type { LegalCheckboxStringKey } from './strings'
export { legalCheckboxStrings } from './strings'
