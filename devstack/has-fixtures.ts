import { createPublicClient, http } from 'viem'
import { fixtureContracts, fixtureEns, fixturePools, fixtureUniswap } from './fixtures.js'

/**
 * Whether the chain at `rpcUrl` holds every devstack contract (the fixture tokens and NFTs,
 * Uniswap V2 with its pools, ENS) at its fixed address. False when the chain does not
 * answer.
 *
 * @example if (!(await hasFixtures('http://127.0.0.1:8545'))) await deployOnto(rpcUrl)
 */
export async function hasFixtures(rpcUrl: string): Promise<boolean> {
  const client = createPublicClient({ transport: http(rpcUrl) })
  try {
    const codes = await Promise.all(
      [
        ...Object.values(fixtureContracts),
        fixtureUniswap.weth,
        fixtureUniswap.factory,
        fixtureUniswap.router,
        ...fixturePools.map((pool) => pool.pair),
        fixtureEns.registry,
        fixtureEns.publicResolver,
        fixtureEns.reverseRegistrar,
        fixtureEns.universalResolver,
      ].map((address) => client.getCode({ address })),
    )
    return codes.every((code) => code !== undefined && code !== '0x')
  } catch {
    return false
  }
}
