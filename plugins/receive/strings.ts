/** The receive plugin's English strings, registered as defaults; a locale overrides any key. */
export const receiveStrings = {
  'receive.title': 'Receive',
  'receive.qrLabel': 'QR code of the address {address}',
  'receive.copy': 'Copy address',
  'receive.copied': 'Address copied',
  'receive.copyFailed': 'Could not copy the address',
  'receive.networks': 'Send assets on these networks only:',
  'receive.notConnected': 'Connect a wallet to receive.',
} as const satisfies Record<string, string>

export type ReceiveStringKey = keyof typeof receiveStrings
