import type { onrampViewStrings } from './views/viewStrings'

/**
 * The strings the on-ramp plugin needs before its views load: the Account view's button,
 * why it is disabled, and the modal headers. The views' own strings come with them
 * (views/viewStrings.ts).
 */
export const onrampStrings = {
  'onramp.title': 'Buy',
  'onramp.progressTitle': 'Buying',
  'onramp.notServed': 'Buying is not available in this app',
} as const satisfies Record<string, string>

/** Every key the on-ramp plugin uses, for a translation. */
export type OnrampStringKey = keyof typeof onrampStrings | keyof typeof onrampViewStrings
