/** The plugin's id, also its `connectMethods` entry. */
export const FARCASTER_PLUGIN_ID = 'farcaster'

/** The service of the embedded wallet plugin a Farcaster login goes through. */
export const EMBEDDED_WALLET_SERVICE = 'embeddedWallet'

/** The views of a Farcaster login. */
export const FARCASTER_VIEWS = {
  /** The sign-in code (QR and link), the wait for the person's approval, then the wallet's set-up or recovery. */
  connecting: 'ConnectingFarcaster',
} as const
