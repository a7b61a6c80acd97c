import type { swapsViewStrings } from './views/viewStrings'

/**
 * The strings the swaps plugin needs before its views load: the Account view's button,
 * the modal headers and why swaps are unavailable. The views' own strings come with them
 * (views/viewStrings.ts). A locale overrides any key either way.
 */
export const swapsStrings = {
  'swaps.title': 'Swap',
  'swaps.previewTitle': 'Review Swap',
  'swaps.evmOnly': 'Swaps are available on EVM networks only',
  'swaps.onlyOn': 'Swaps work on {networks}',
  'swaps.notServed': 'Swaps are not available in this app',
} as const satisfies Record<string, string>

/** Every key the swaps plugin uses, for a translation. */
export type SwapsStringKey = keyof typeof swapsStrings | keyof typeof swapsViewStrings
