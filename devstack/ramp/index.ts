/**
 * The devstack's on-ramp providers: Latch Ramp (1 %) and Ramp Beta (2 %), each a checkout
 * on its own origin that delivers test money from the ramp treasury on the local chains.
 *
 * @example
 * import { startRampProviders } from '../devstack/ramp/index.js'
 * const ramps = await startRampProviders({ chains: chains.chains })
 * // createApiApp({ ..., onramp: { providers: ramps.map((ramp) => ramp.provider) } })
 */
export { latchRamp, type RampBrand, rampBeta, rampBrands } from './brands.js'
export {
  APPROVED_TEST_CARD,
  DECLINED_TEST_CARD,
  type RampProviderServer,
  type StartRampProviderOptions,
  startRampProvider,
  startRampProviders,
} from './startRampProvider.js'
