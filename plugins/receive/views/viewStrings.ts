/** The English strings of the Receive view, registered when it loads (receive.ts). */
export const receiveViewStrings = {
  'receive.qrLabel': 'QR code of the address {address}',
  'receive.copy': 'Copy address',
  'receive.copied': 'Address copied',
  'receive.copyFailed': 'Could not copy the address',
  'receive.networks': 'This address receives on these networks:',
  'receive.notConnected': 'Connect a wallet to receive.',
} as const satisfies Record<string, string>
