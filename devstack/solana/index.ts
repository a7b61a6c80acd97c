/**
 * The local Solana endpoint of the devstack: litesvm behind JSON-RPC over HTTP and
 * WebSocket, seeded with fixture accounts and SPL mints.
 *
 * @example
 * import { startSolanaRpc } from '../devstack/solana/index.js'
 * const rpc = await startSolanaRpc()
 * // ... point @solana/kit, a wallet or the Solana adapter at rpc.url ...
 * await rpc.stop()
 */
export * from './fixtures.js'
export type { Ledger, LedgerEvent, SignatureStatus } from './ledger.js'
export { SOLANA_CORE_VERSION } from './methods.js'
export {
  ASSOCIATED_TOKEN_PROGRAM,
  associatedTokenAddress,
  SYSTEM_PROGRAM,
  TOKEN_PROGRAM,
} from './splToken.js'
export type { StartedSolanaRpc, StartSolanaRpcOptions } from './startSolanaRpc.js'
export { startSolanaRpc } from './startSolanaRpc.js'
