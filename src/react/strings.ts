/**
 * The English strings of the buttons and of the one message the page shows before the
 * modal has loaded. The provider registers them as defaults at start-up; the modal's own
 * (modalStrings.ts) register when the modal loads. An integrator's locale
 * (createKernel({ locale }) or i18n.setLocale) overrides any of them by key.
 *
 * @example
 * createKernel({ networks, locale: { 'button.connect': 'Wallet verbinden' } })
 */
export const buttonStrings = {
  'button.connect': 'Connect Wallet',
  'button.connecting': 'Connecting...',
  'button.network': 'Select network',
  'modal.viewFailed': 'This screen could not be loaded',
} as const satisfies Record<string, string>
