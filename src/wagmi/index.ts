/**
 * wagmi interop: a wagmi connector that follows Latchkit's EVM connection, so an app's
 * wagmi hooks work on whichever wallet the visitor connected through Latchkit. wagmi and
 * viem are the app's own (optional peer dependencies); an app that does not import this
 * entry pays nothing for it.
 */
export type { EvmConnection } from './evmConnection'
export { evmConnection } from './evmConnection'
export type { LatchkitConnectorOptions } from './latchkitConnector'
export { latchkitConnector } from './latchkitConnector'
