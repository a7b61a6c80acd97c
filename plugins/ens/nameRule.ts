import type { EnsMessageCode } from './messages'

/** The fewest characters a name's label may have. */
export const MIN_LABEL_LENGTH = 4
/** The most: one DNS label, so the name stays DNS-encodable. */
export const MAX_LABEL_LENGTH = 63

/**
 * What is wrong with `label` as the part of a name the visitor chooses (`alice` of
 * `alice.latch.id`), as the code of its message, or undefined when it keeps the rule:
 * letters, digits or hyphen, at least 4 characters (ENS_NAME_RULE), at most 63
 * (ENS_NAME_TOO_LONG). The names service applies the same rule; letters are registered in
 * lower case, so `Alice` and `alice` are one name.
 *
 * @example
 * nameRuleProblem('bob') // 'ENS_NAME_RULE'
 * nameRuleProblem('alice') // undefined
 */
export function nameRuleProblem(label: string): EnsMessageCode | undefined {
  if (!/^[a-zA-Z0-9-]*$/.test(label) || label.length < MIN_LABEL_LENGTH) return 'ENS_NAME_RULE'
  if (label.length > MAX_LABEL_LENGTH) return 'ENS_NAME_TOO_LONG'
  return undefined
}
