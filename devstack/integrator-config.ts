/**
 * A `latchkit-server` config file for one chain where `devstack:deploy` put the devstack's
 * contracts: the chain with its tokens and NFT collections, their USD prices, swaps through
 * the fixture Uniswap V2 router, names under `latch.id` on the fixture ENS, and the dev
 * ramp as an on-ramp provider when it runs. What the file leaves to the integrator (the
 * pages allowed to call it, sign-in, history, the database) they add themselves.
 */
import { toChainConfig } from './api/fixtureChains.js'
import { FIXTURE_USD_PER_EUR, fixturePrices } from './api/prices.js'
import { fixtureContracts, fixtureEns, fixtureUniswap } from './fixtures.js'
import { latchRamp } from './ramp/brands.js'

export type IntegratorConfigOptions = {
  chainId: number
  rpcUrl: string
  /** The dev ramp's origin, when it runs; it is then the config's one on-ramp provider. */
  rampUrl?: string
}

/**
 * The config as a JSON-ready object, in the config file's written form.
 *
 * @example writeFileSync('latchkit.config.json', JSON.stringify(integratorConfig({ chainId: 31337, rpcUrl })))
 */
export function integratorConfig({ chainId, rpcUrl, rampUrl }: IntegratorConfigOptions) {
  const network = `eip155:${chainId}`
  return {
    port: 8787,
    chains: [toChainConfig({ chainId, rpcUrl })],
    prices: {
      [network]: {
        native: fixturePrices.native,
        tokens: Object.fromEntries(
          (['LUSD', 'LTK', 'ZDT'] as const).map((key) => [fixtureContracts[key], fixturePrices[key]]),
        ),
      },
    },
    swap: { chains: { [network]: { router: fixtureUniswap.router, weth: fixtureUniswap.weth } } },
    names: {
      ens: {
        chainId,
        registry: fixtureEns.registry,
        publicResolver: fixtureEns.publicResolver,
        universalResolver: fixtureEns.universalResolver,
      },
      zones: [fixtureEns.zone],
      // anvil account 4, a well-known test key: it owns the zone on the devstack's ENS.
      operatorKey: fixtureEns.operator.privateKey,
    },
    ...(rampUrl
      ? {
          onramp: {
            providers: [
              {
                id: latchRamp.id,
                name: latchRamp.name,
                feePercent: latchRamp.feePercent,
                networkFee: latchRamp.networkFee,
                checkoutUrl: `${rampUrl}/checkout`,
                purchasesUrl: `${rampUrl}/purchases`,
              },
            ],
            usdPerEur: FIXTURE_USD_PER_EUR,
          },
        }
      : {}),
  }
}
