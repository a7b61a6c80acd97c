/**
 * What a registrable name looks like: one label the person chooses, under a zone the
 * service serves (`alice.latch.id`). The label is letters, digits or hyphen, at least 4
 * characters, and at most 63 (the longest DNS label, so the name stays DNS-encodable).
 */
import { BadRequest, clip } from '../api/httpErrors.js'

/** The fewest characters a label may have. */
export const MIN_LABEL_LENGTH = 4
/** The most characters a label may have: one DNS label. */
export const MAX_LABEL_LENGTH = 63

const LABEL = /^[a-z0-9-]+$/

/** A name the service may register: lower case, split into its label and zone. */
export type RegistrableName = { name: string; label: string; zone: string }

/** The rule as people read it, in every refusal of a label. */
export const NAME_RULE = `letters, digits or hyphen, ${MIN_LABEL_LENGTH} to ${MAX_LABEL_LENGTH} characters`

/**
 * Whether `label` keeps the rule. Names are compared in lower case, so `Alice` and
 * `alice` are one name; pass the label lowered.
 *
 * @example isValidLabel('abc') // false: at least 4 characters
 */
export function isValidLabel(label: string): boolean {
  return LABEL.test(label) && label.length >= MIN_LABEL_LENGTH && label.length <= MAX_LABEL_LENGTH
}

/**
 * Splits `name` into its label and one of `zones`, refusing a name outside them
 * (`ZONE_UNSUPPORTED`) or a label that breaks the rule (`NAME_INVALID`).
 *
 * @example parseRegistrableName('Alice.latch.id', ['latch.id']) // { name: 'alice.latch.id', label: 'alice', zone: 'latch.id' }
 */
export function parseRegistrableName(name: string, zones: readonly string[]): RegistrableName {
  const lower = name.toLowerCase()
  const zone = zones.find((candidate) => lower.endsWith(`.${candidate}`))
  if (!zone) {
    throw new BadRequest(`names are registered under ${zones.join(', ')} only`, 'ZONE_UNSUPPORTED')
  }
  const label = lower.slice(0, -zone.length - 1)
  if (!isValidLabel(label)) {
    throw new BadRequest(`${clip(label)}.${zone} is not a valid name: ${NAME_RULE}`, 'NAME_INVALID')
  }
  return { name: `${label}.${zone}`, label, zone }
}
