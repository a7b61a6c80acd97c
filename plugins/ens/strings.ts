import type { ensViewStrings } from './views/viewStrings'

/**
 * The strings the names plugin needs before its views load: the Account view's button and
 * the modal headers. The views' own strings come with them (views/viewStrings.ts).
 */
export const ensStrings = {
  'ens.chooseName': 'Choose a name',
  'ens.successTitle': 'Name registered',
} as const satisfies Record<string, string>

/** Every key the names plugin uses, for a translation. */
export type EnsStringKey = keyof typeof ensStrings | keyof typeof ensViewStrings
