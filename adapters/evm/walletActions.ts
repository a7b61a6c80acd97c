/**
 * The actions that ask the wallet or the node for more than an account and a balance,
 * one module the adapter imports on the first call of any (see loadWalletActions.ts): a
 * visitor who only connects and looks at the account never needs them.
 */
export { estimateFee } from './actions/estimateFee'
export { sendTransaction } from './actions/sendTransaction'
export { signMessage } from './actions/signMessage'
export { switchChain } from './actions/switchChain'
export { waitForTransaction } from './actions/waitForTransaction'
