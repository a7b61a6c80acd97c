/**
 * The local chains of the devstack: one anvil per chain id, with the fixture contracts of
 * fixtures.ts deployed and seeded, Uniswap V2 with the fixture pools, and ENS with the
 * fixture names. The first start deploys and caches each chain's state; later starts boot
 * anvil from that state, which takes a fraction of the time.
 */
import { existsSync, rmSync } from 'node:fs'
import type { Address } from 'viem'
import { type AnvilInstance, startAnvil } from './anvil.js'
import { resolveAnvilBinary } from './anvil-binary.js'
import { type FixtureArtifacts, loadFixtureArtifacts } from './contracts/artifacts.js'
import { deployEns, type EnsBytecodes, loadEnsBytecodes } from './deploy-ens.js'
import { deployFixtures } from './deploy-fixtures.js'
import { deployUniswap, loadUniswapArtifacts, type UniswapArtifacts } from './deploy-uniswap.js'
import {
  FIXTURE_CHAIN_IDS,
  type FixtureAccount,
  type FixtureContractKey,
  fixtureAccounts,
  fixtureContracts,
  fixtureHistory,
} from './fixtures.js'
import { hasFixtures } from './has-fixtures.js'
import { seedHistory } from './seed-history.js'
import { defaultStateCacheDir, saveChainState, stateCacheFile } from './state-cache.js'

export type StartChainsOptions = {
  /** Chain ids to start, one anvil each. Default `[31337, 31338]`. */
  chainIds?: readonly number[]
  /** Load from / save to the state cache. Default true; false always deploys. */
  cache?: boolean
  /** Where cached states live. Default `node_modules/.cache/latchkit`. */
  cacheDir?: string
}

export type LocalChainInfo = {
  chainId: number
  rpcUrl: string
  port: number
  contracts: Record<FixtureContractKey, Address>
  /** True when the fixtures came from the state cache rather than a fresh deployment. */
  fromCache: boolean
}

export type StartedChains = {
  chains: LocalChainInfo[]
  /** anvil accounts 0..3 with their keys; each holds every fixture token. */
  accounts: FixtureAccount[]
  /** Stops every anvil and waits for them to exit. */
  stop(): Promise<void>
}

/**
 * Starts the local chains with their fixtures.
 *
 * @example
 * const { chains, accounts, stop } = await startChains()
 * const client = createPublicClient({ transport: http(chains[0].rpcUrl) })
 * await stop()
 */
export async function startChains(options: StartChainsOptions = {}): Promise<StartedChains> {
  const { artifacts, hash } = loadFixtureArtifacts()
  const uniswap = loadUniswapArtifacts()
  const ens = loadEnsBytecodes(artifacts)
  const anvilVersion = resolveAnvilBinary().version
  const cacheDir = options.cacheDir ?? defaultStateCacheDir
  const useCache = options.cache ?? true

  const started = await Promise.allSettled(
    (options.chainIds ?? FIXTURE_CHAIN_IDS).map((chainId) =>
      startFixtureChain(
        chainId,
        artifacts,
        uniswap,
        ens,
        useCache ? stateCacheFile(cacheDir, chainId, hash, anvilVersion) : undefined,
      ),
    ),
  )
  const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const stop = async () => {
    await Promise.all(running.map(({ anvil }) => anvil.stop()))
  }
  const failure = started.find((result) => result.status === 'rejected')
  if (failure) {
    await stop()
    throw failure.reason
  }

  return {
    chains: running.map(({ anvil, fromCache }) => ({
      chainId: anvil.chainId,
      rpcUrl: anvil.rpcUrl,
      port: anvil.port,
      contracts: { ...fixtureContracts },
      fromCache,
    })),
    accounts: fixtureAccounts.map((account) => ({ ...account })),
    stop,
  }
}

async function startFixtureChain(
  chainId: number,
  artifacts: FixtureArtifacts,
  uniswap: UniswapArtifacts,
  ens: EnsBytecodes,
  cacheFile: string | undefined,
): Promise<{ anvil: AnvilInstance; fromCache: boolean }> {
  if (cacheFile && existsSync(cacheFile)) {
    const anvil = await startAnvil({ chainId, loadStatePath: cacheFile }).catch(() => undefined)
    if (anvil && (await hasFixtures(anvil.rpcUrl))) return { anvil, fromCache: true }
    // Unreadable or incomplete cache: throw it away and deploy afresh below.
    await anvil?.stop()
    rmSync(cacheFile, { force: true })
  }

  // Genesis in the past, so the history account's seeded transactions can carry their dates.
  const anvil = await startAnvil({ chainId, genesisTimestamp: fixtureHistory.genesisTimestamp })
  try {
    await deployFixtures(anvil.rpcUrl, chainId, artifacts)
    await seedHistory(anvil.rpcUrl, chainId, artifacts)
    // After the history, so its blocks stay 2..265 (the indexer tests count them).
    await deployUniswap(anvil.rpcUrl, chainId, uniswap)
    await deployEns(anvil.rpcUrl, chainId, ens)
    if (cacheFile) await saveChainState(anvil.rpcUrl, cacheFile)
  } catch (error) {
    await anvil.stop()
    throw error
  }
  return { anvil, fromCache: false }
}
