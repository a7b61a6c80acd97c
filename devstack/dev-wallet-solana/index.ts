/**
 * The Latchkit dev Solana wallet: a Wallet Standard wallet backed by the devstack's
 * fixture keypairs, with an approve / reject prompt. `installDevSolanaWallet` is for
 * the browser; `createDevSolanaWallet` runs anywhere (Node tests drive its consent
 * queue). Nothing here is part of the published package.
 *
 * @example
 * import { installDevSolanaWallet } from '../devstack/dev-wallet-solana/index.js'
 * installDevSolanaWallet({ rpcUrl })
 */
export type { ConsentQueue, ConsentRequest } from './consent.js'
export { createConsentQueue, DevWalletError } from './consent.js'
export type {
  CreateDevSolanaWalletOptions,
  DevSolanaWallet,
  DevSolanaWalletAccount,
  DevSolanaWalletStorage,
} from './createDevSolanaWallet.js'
export {
  createDevSolanaWallet,
  DEV_SOLANA_WALLET_NAME,
  DEV_SOLANA_WALLET_STORAGE_KEY,
} from './createDevSolanaWallet.js'
export { describeTransaction } from './describeTransaction.js'
export { DEV_SOLANA_WALLET_ICON } from './icon.js'
export type { InstallDevSolanaWalletOptions, InstalledDevSolanaWallet } from './installDevSolanaWallet.js'
export { installDevSolanaWallet } from './installDevSolanaWallet.js'
export { mountSolanaPrompt } from './panel.js'
