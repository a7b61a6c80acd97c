/** The plugin's id, also its `connectMethods` entry. */
export const SOCIAL_PLUGIN_ID = 'social'

/** The service of the embedded wallet plugin a social login goes through. */
export const EMBEDDED_WALLET_SERVICE = 'embeddedWallet'

/** The views of a social login. */
export const SOCIAL_VIEWS = {
  /** Every provider the app offers, when more than the Connect view shows. */
  all: 'ConnectSocials',
  /** The provider's window is open: waiting for the person, then the wallet's set-up or recovery. */
  connecting: 'ConnectingSocial',
} as const
