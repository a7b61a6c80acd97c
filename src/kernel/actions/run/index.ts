/**
 * The work of the actions a visitor triggers (connecting, reading token balances,
 * switching, signing, sending, disconnecting), one module imported on the first call of
 * any: a page loads it once, when the visitor first acts, and a bundler makes one file of
 * it rather than a small file for each piece the actions share with one another.
 */
export { readTokenBalances } from '../readTokenBalances'
export { connect } from './connect'
export { disconnect } from './disconnect'
export { sendTransaction } from './sendTransaction'
export { signMessage } from './signMessage'
export { switchNetwork } from './switchNetwork'
