export const WALLETS_PLUGIN_ID = 'wallets'
