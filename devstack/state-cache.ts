import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'
import { createTestClient, http } from 'viem'
import { ensArtifactFiles } from './deploy-ens.js'
import { uniswapArtifactFiles } from './deploy-uniswap.js'

/** Default home of cached chain states; inside node_modules so a fresh install starts clean. */
export const defaultStateCacheDir = fileURLToPath(
  new URL('../node_modules/.cache/latchkit/', import.meta.url),
)

// Any change to what gets deployed must miss the cache: the key covers the compiled
// contracts (ours, and Uniswap's and ENS's shipped build files), the fixture facts and
// deploy steps (by source text, with the ENS ABIs deploy-ens.ts encodes with), and the
// anvil version.
const keySources = [
  ...[
    './fixtures.ts',
    './deploy-fixtures.ts',
    './deploy-uniswap.ts',
    './deploy-ens.ts',
    './send-in-one-block.ts',
    './seed-history.ts',
    './chain.ts',
    '../server/names/ensAbis.ts',
  ].map((path) => new URL(path, import.meta.url)),
  ...Object.values(uniswapArtifactFiles),
  ...Object.values(ensArtifactFiles),
]

/**
 * Path of the cached state for one chain, e.g. `anvil-31337-<hash>.json`.
 *
 * @example const file = stateCacheFile(defaultStateCacheDir, 31337, artifactsHash, '1.7.1')
 */
export function stateCacheFile(
  cacheDir: string,
  chainId: number,
  artifactsHash: string,
  anvilVersion: string,
): string {
  const hash = createHash('sha256').update(artifactsHash).update(anvilVersion)
  for (const source of keySources) hash.update(readFileSync(source))
  return join(cacheDir, `anvil-${chainId}-${hash.digest('hex').slice(0, 16)}.json`)
}

/**
 * Dumps the chain's state into `file` in the plain-JSON form that `anvil --load-state`
 * reads. `anvil_dumpState` returns it gzipped and hex-encoded. Written to a temp file and
 * renamed so a concurrent start never reads half a file.
 */
export async function saveChainState(rpcUrl: string, file: string): Promise<void> {
  const state = await createTestClient({ mode: 'anvil', transport: http(rpcUrl) }).dumpState()
  const json = gunzipSync(Buffer.from(state.slice(2), 'hex'))
  mkdirSync(dirname(file), { recursive: true })
  const temp = `${file}.${process.pid}.tmp`
  writeFileSync(temp, json)
  renameSync(temp, file)
}
