/**
 * The actions that ask the wallet or the node for more than an account and a balance,
 * loaded on the first call of any (see deferred.ts).
 */
export { estimateFee } from './actions/estimateFee'
export { sendTransaction } from './actions/sendTransaction'
export { signMessage } from './actions/signMessage'
export { switchChain } from './actions/switchChain'
// Reaches the adapter through its entry, for the reason src/kernel/actions/firstOpenActions.ts
// gives: reaching only the files it needs, this module would split the adapter's start-up
// code into two files. Nothing reads this re-export.
export { evmAdapter as throughTheEntry } from './index'
