import type { historyViewStrings } from './views/viewStrings'

/**
 * The strings the history plugin needs before its views load: the Account view's tab and
 * the modal header. The list's own strings come with it (views/viewStrings.ts). A locale
 * overrides any key either way.
 */
export const historyStrings = {
  'history.tab': 'Activity',
  'history.title': 'Activity',
} as const satisfies Record<string, string>

/** Every key the history plugin uses, for a translation. */
export type HistoryStringKey = keyof typeof historyStrings | keyof typeof historyViewStrings
