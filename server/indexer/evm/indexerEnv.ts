/**
 * The environment variables through which `startEvmIndexer` configures the Ponder process
 * (ponder.config.ts reads them; a config file cannot take arguments). One module names them
 * so the parent and the child agree.
 */

/** A chain to index and its JSON-RPC URL. */
export type IndexedChain = { chainId: number; rpcUrl: string }

export const INDEXER_ENV = {
  /** JSON: `[{ "chainId": 31337, "rpcUrl": "http://127.0.0.1:8545" }]`. */
  chains: 'LATCHKIT_INDEXER_CHAINS',
  /** A PostgreSQL URL; when unset the embedded database (PGlite) is used. */
  databaseUrl: 'LATCHKIT_INDEXER_DATABASE_URL',
  /** PGlite's directory. */
  pgliteDir: 'LATCHKIT_INDEXER_PGLITE_DIR',
  /** How often each chain is asked for new blocks, in ms. */
  pollingMs: 'LATCHKIT_INDEXER_POLLING_MS',
  /**
   * Ponder starts each RPC URL at 20 requests a second and raises that only slowly; a local
   * chain answers far faster, so the URL is listed this many times, each copy with its own
   * allowance.
   */
  rpcLanes: 'LATCHKIT_INDEXER_RPC_LANES',
} as const

/** The ponder chain name of a chain id, e.g. `chain_31337`. */
export const chainName = (chainId: number) => `chain_${chainId}`

/**
 * Reads and checks the chain list.
 *
 * @example readIndexedChains(process.env) // [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' }]
 */
export function readIndexedChains(env: NodeJS.ProcessEnv): IndexedChain[] {
  const raw = env[INDEXER_ENV.chains]
  if (!raw) throw new Error(`${INDEXER_ENV.chains} is not set`)
  const parsed: unknown = JSON.parse(raw)
  if (!Array.isArray(parsed) || parsed.length === 0)
    throw new Error(`${INDEXER_ENV.chains}: a non-empty array`)
  return parsed.map((entry, i) => {
    const { chainId, rpcUrl } = (entry ?? {}) as Partial<IndexedChain>
    if (!Number.isSafeInteger(chainId) || (chainId as number) <= 0 || typeof rpcUrl !== 'string') {
      throw new Error(`${INDEXER_ENV.chains}[${i}]: needs { chainId, rpcUrl }`)
    }
    return { chainId: chainId as number, rpcUrl }
  })
}
