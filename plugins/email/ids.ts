/** The plugin's id, also its `connectMethods` entry. */
export const EMAIL_PLUGIN_ID = 'email'

/** The service of the embedded wallet plugin this one logs in through. */
export const EMBEDDED_WALLET_SERVICE = 'embeddedWallet'

/** The views of an email login and of an email update. */
export const EMAIL_VIEWS = {
  /** "Check your inbox": waits while the person approves this device from the emailed link. */
  verifyDevice: 'EmailVerifyDevice',
  /** The six-digit code sent to the address. */
  verifyOtp: 'EmailVerifyOtp',
  /** The frame's own wallet set-up or recovery screen, laid over this view. */
  wallet: 'EmailWallet',
  /** A new address, then the code sent to the current one, then the code sent to the new one. */
  update: 'UpdateEmail',
} as const
