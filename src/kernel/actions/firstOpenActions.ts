// Reaches the kernel through its entry, as every other lazily loaded module does (views,
// adapters, plugins): reaching only the files it needs, this module would make esbuild
// split the kernel's start-up chunk in two by who reaches each file, and two files gzip
// larger than one (src/react/views/kit.ts tells the same of the views). The re-export is
// that reach, nothing reads it: a bare import of a side-effect-free module is dropped.
export { createKernel as throughTheEntry } from '../index'

/**
 * The actions the first open needs, loaded on the first call of either (see deferred.ts):
 * connect (the Connect view) and refreshTokenBalances (the Account view's Tokens tab).
 */
export { connect } from './connect'
export { refreshTokenBalances } from './refreshTokenBalances'
