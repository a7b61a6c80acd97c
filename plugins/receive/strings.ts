import type { receiveViewStrings } from './views/viewStrings'

/**
 * The string the receive plugin needs before its view loads (the Account view's button
 * and the header); the view's own strings come with it (viewStrings.ts).
 */
export const receiveStrings = {
  'receive.title': 'Receive',
} as const satisfies Record<string, string>

/** Every key the receive plugin uses, for a translation. */
export type ReceiveStringKey = keyof typeof receiveStrings | keyof typeof receiveViewStrings
