import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPublicClient, http } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import { startChains } from '../../devstack/chain.js'
import { loadFixtureArtifacts } from '../../devstack/contracts/artifacts.js'
import { fixtureAccounts, fixtureContracts, fixtureEns, fixtureTokens } from '../../devstack/fixtures.js'
import { anvilPidsOnPort, waitForAnvilsGone } from '../support/anvil-processes.js'

// A private cache dir so the first start here is always a real deployment.
const cacheDir = mkdtempSync(join(tmpdir(), 'latchkit-anvil-cache-'))
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }))

const { FixtureToken } = loadFixtureArtifacts().artifacts.contracts

async function lusdBalance(rpcUrl: string): Promise<unknown> {
  const client = createPublicClient({ transport: http(rpcUrl) })
  return client.readContract({
    address: fixtureContracts.LUSD,
    abi: FixtureToken.abi,
    functionName: 'balanceOf',
    args: [fixtureAccounts[3]!.address],
  })
}

// Cold starts deploy every fixture contract on two chains: seconds alone, far more on a
// loaded CI machine running other projects beside this one.
describe('startChains state cache', { timeout: 120_000 }, () => {
  it('deploys on a cold start, loads the cached state on the next, with the same addresses', async () => {
    const cold = await startChains({ cacheDir })
    try {
      expect(cold.chains.map((chain) => chain.fromCache)).toEqual([false, false])
      expect(readdirSync(cacheDir).sort()).toEqual([
        expect.stringMatching(/^anvil-31337-[0-9a-f]{16}\.json$/),
        expect.stringMatching(/^anvil-31338-[0-9a-f]{16}\.json$/),
      ])
    } finally {
      await cold.stop()
    }

    const warm = await startChains({ cacheDir })
    try {
      expect(warm.chains.map((chain) => chain.fromCache)).toEqual([true, true])
      expect(warm.chains.map((chain) => chain.contracts)).toEqual(cold.chains.map((chain) => chain.contracts))
      for (const chain of warm.chains) {
        expect(await lusdBalance(chain.rpcUrl)).toBe(fixtureTokens.LUSD.seedBalance)
        // ENS, deployed last, came back with the state too.
        expect(
          await createPublicClient({ transport: http(chain.rpcUrl) }).getEnsName({
            address: fixtureAccounts[0]!.address,
            universalResolverAddress: fixtureEns.universalResolver,
          }),
        ).toBe('alice.eth')
      }
    } finally {
      await warm.stop()
    }
  })

  it('redeploys when the cached state is unusable', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'latchkit-anvil-bad-cache-'))
    try {
      const first = await startChains({ cacheDir: dir, chainIds: [31337] })
      await first.stop()
      const [file] = readdirSync(dir)
      writeFileSync(join(dir, file!), '{"not": "a state"')

      const second = await startChains({ cacheDir: dir, chainIds: [31337] })
      try {
        expect(second.chains[0]!.fromCache).toBe(false)
        expect(await lusdBalance(second.chains[0]!.rpcUrl)).toBe(fixtureTokens.LUSD.seedBalance)
      } finally {
        await second.stop()
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('stop() ends every anvil process', async () => {
    const started = await startChains({ cacheDir })
    const ports = started.chains.map((chain) => chain.port)
    expect(ports.flatMap(anvilPidsOnPort)).toHaveLength(2)
    await started.stop()
    expect(ports.flatMap(anvilPidsOnPort)).toEqual([])
    expect(await waitForAnvilsGone(ports, 0)).toEqual([])
    await expect(fetch(started.chains[0]!.rpcUrl, { method: 'POST' })).rejects.toThrow()
  })
})
