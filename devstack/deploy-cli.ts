/**
 * Deploys the devstack's contracts onto an anvil that is already running, so an integrator
 * can try `latchkit-server --config` against a chain of their own:
 *
 *   npm run devstack:deploy -- --rpc http://127.0.0.1:8545 [--config latchkit.config.json] [--ramp]
 *
 * It deploys the fixture tokens and NFTs, Uniswap V2 with its pools, and ENS with the
 * `latch.id` zone (devstack/README.md lists them), from anvil's dev accounts, at the same
 * addresses as on the devstack's own chains. The anvil must be fresh (started with its
 * default mnemonic, nothing sent yet) or already hold these contracts, in which case
 * nothing is sent. With `--config` it writes a `latchkit-server` config file for that
 * chain: its tokens, prices, swaps through the router, names on the ENS registry. With
 * `--ramp` it also runs the dev ramp (a card checkout that pays out from the ramp treasury)
 * until stopped, and names it in that config as an on-ramp provider.
 *
 * It prints JSON lines on stdout: `{"msg":"deployed",…}` (or `"already deployed"`), then
 * `{"msg":"config",…}` when it wrote one, then `{"msg":"ramp","url":…}` with `--ramp`, and
 * `{"msg":"ready"}` last, so a parent process can wait for that line.
 */
import { writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { createPublicClient, http } from 'viem'
import { loadFixtureArtifacts } from './contracts/artifacts.js'
import { deployEns, loadEnsBytecodes } from './deploy-ens.js'
import { deployFixtures } from './deploy-fixtures.js'
import { deployUniswap, loadUniswapArtifacts } from './deploy-uniswap.js'
import { hasFixtures } from './has-fixtures.js'
import { integratorConfig } from './integrator-config.js'
import { latchRamp } from './ramp/brands.js'
import { startRampProvider } from './ramp/startRampProvider.js'

function say(line: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(line)}\n`)
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      rpc: { type: 'string' },
      config: { type: 'string' },
      ramp: { type: 'boolean' },
      'ramp-port': { type: 'string' },
    },
  })
  const rpcUrl = values.rpc
  if (!rpcUrl || !URL.canParse(rpcUrl))
    throw new Error('--rpc: give the anvil URL, e.g. http://127.0.0.1:8545')

  const client = createPublicClient({ transport: http(rpcUrl) })
  const chainId = await client.getChainId().catch((error: Error) => {
    throw new Error(`${rpcUrl} does not answer eth_chainId: ${error.message}`)
  })
  if (await hasFixtures(rpcUrl)) {
    say({ msg: 'already deployed', chainId })
  } else {
    const { artifacts } = loadFixtureArtifacts()
    // The same order as the devstack's own chains, so the addresses are the same.
    await deployFixtures(rpcUrl, chainId, artifacts)
    await deployUniswap(rpcUrl, chainId, loadUniswapArtifacts())
    await deployEns(rpcUrl, chainId, loadEnsBytecodes(artifacts))
    say({ msg: 'deployed', chainId })
  }

  const ramp = values.ramp
    ? await startRampProvider({
        chains: [{ chainId, rpcUrl }],
        brand: latchRamp,
        ...(values['ramp-port'] ? { port: Number(values['ramp-port']) } : {}),
      })
    : undefined
  if (values.config) {
    const config = integratorConfig({ chainId, rpcUrl, ...(ramp ? { rampUrl: ramp.url } : {}) })
    writeFileSync(values.config, `${JSON.stringify(config, null, 2)}\n`)
    say({ msg: 'config', path: values.config })
  }
  if (ramp) {
    say({ msg: 'ramp', url: ramp.url })
    const stop = () => void ramp.stop().then(() => process.exit(0))
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
  }
  say({ msg: 'ready' })
}

main().catch((error: Error) => {
  process.stderr.write(`devstack:deploy: ${error.message}\n`)
  process.exit(1)
})
