/**
 * The actions that ask the wallet or the node for more than an account and a balance,
 * one module the adapter imports on the first call of any (see loadWalletActions.ts): a
 * visitor who only connects and looks at the account never needs them. The work of the
 * bundle actions (sendCalls and friends) is here too: a chunk of their own would split the
 * first chunks of every app further, and cost it more than they weigh.
 */
export { estimateFee } from './actions/estimateFee'
export { sendTransaction } from './actions/sendTransaction'
export { signMessage } from './actions/signMessage'
export { switchChain } from './actions/switchChain'
export { waitForTransaction } from './actions/waitForTransaction'
export { runGetCallsStatus } from './calls/runGetCallsStatus'
export { runGetCapabilities } from './calls/runGetCapabilities'
export { runSendCalls } from './calls/runSendCalls'
