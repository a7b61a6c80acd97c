/**
 * The legal checkbox's English strings: the sentence (with `{terms}` and `{privacy}` where
 * the two links go), the links' text, and why the ways to connect are disabled.
 */
export const legalCheckboxStrings = {
  'legalCheckbox.agree': 'I agree to the {terms} and {privacy}',
  'legalCheckbox.terms': 'Terms of Service',
  'legalCheckbox.privacy': 'Privacy Policy',
  'legalCheckbox.required': 'Agree to the Terms of Service and Privacy Policy to connect.',
} as const satisfies Record<string, string>

/** Every key the legal checkbox plugin uses, for a translation. */
export type LegalCheckboxStringKey = keyof typeof legalCheckboxStrings
