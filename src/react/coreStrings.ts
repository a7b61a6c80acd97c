// Its own file: the buttons' strings load at start-up and the modal's with the modal, so
// nothing the start-up code imports may import both.
import { modalStrings } from './modalStrings'
import { buttonStrings } from './strings'

/**
 * Every English string of the buttons, the modal shell and the core views: the keys a
 * locale translates.
 *
 * @example
 * createKernel({ networks, locale: { ...coreStrings, 'button.connect': 'Wallet verbinden' } })
 */
export const coreStrings = { ...buttonStrings, ...modalStrings } as const satisfies Record<string, string>

export type CoreStringKey = keyof typeof coreStrings
