import type { sendViewStrings } from './views/viewStrings'

/**
 * The strings the send plugin needs before its views load: the Account view's button and
 * the modal header. The views' own strings come with them (views/viewStrings.ts), so an
 * app pays for them only when Send is opened. A locale overrides any key either way.
 */
export const sendStrings = {
  'send.title': 'Send',
  'send.previewTitle': 'Review Send',
} as const satisfies Record<string, string>

/** Every key the send plugin uses, for a translation. */
export type SendStringKey = keyof typeof sendStrings | keyof typeof sendViewStrings
