/**
 * The names lookups, loaded on the first one (after a connect, or when the send or activity
 * views ask): the plugin's start-up code carries none of the API calls or their schemas.
 */
export { nameOfAddress } from './nameOfAddress'
export { resolveName } from './resolveName'
export { showIdentity } from './showIdentity'
