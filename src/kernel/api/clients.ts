// Reaches the kernel through its entry, as the lazily loaded actions do (see
// ../actions/firstOpenActions.ts): reaching only the helpers it uses, this module made
// esbuild put those helpers in a start-up file of their own, about 0.65 KB gzip more.
export { createKernel as throughTheEntry } from '../index'

/**
 * The one module `kernel.api` loads lazily, for both clients. One chunk rather than one
 * per client: the two share the kernel's http, retry, cache and image-URL helpers, and
 * with two lazy entries esbuild gave each differently shared helper a small chunk of its
 * own (about 0.9 KB gzip more in every build). Loading the wallets client alone now also
 * brings the Blockchain API's ~3 KB gzip; both are usually configured together.
 */
export { createBlockchainApi } from './blockchainApi'
export { createWalletsApi } from './walletsApi'
