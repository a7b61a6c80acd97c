// Through the kernel's entry, for the reason firstOpenActions.ts gives.
export { createKernel as throughTheEntry } from '../index'

/**
 * The actions a visitor may take once connected, loaded on the first call of any (see
 * deferred.ts): disconnect, switchNetwork, signMessage and sendTransaction.
 */
export { disconnect } from './disconnect'
export { sendTransaction } from './sendTransaction'
export { signMessage } from './signMessage'
export { switchNetwork } from './switchNetwork'
