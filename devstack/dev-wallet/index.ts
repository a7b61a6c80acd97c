/**
 * The Latchkit dev wallet: an EIP-6963 browser wallet that lives in the page, backed by
 * anvil's unlocked dev accounts, with an approve / reject panel. Used by `npm run demo` and
 * the browser tests. Browser code only; nothing here is part of the published package.
 *
 * @example
 * import { installDevWallet } from '../devstack/dev-wallet'
 * const wallet = installDevWallet({ chains: [{ chainId: 31337, name: 'Local', rpcUrl }] })
 */

export { DEV_WALLET_ICON } from './icon'
export type {
  DevWallet,
  DevWalletController,
  DevWalletProvider,
  InstallDevWalletOptions,
} from './installDevWallet'
export { DEV_WALLET_NAME, DEV_WALLET_RDNS, installDevWallet } from './installDevWallet'
export { DEV_WALLET_STORAGE_KEY } from './persistedState'
export { ProviderRpcError } from './providerRpcError'
export type { DevWalletChain, DevWalletInfo, DevWalletSnapshot, PendingRequestView } from './types'
