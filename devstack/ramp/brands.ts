/**
 * The devstack's two ramp brands: two providers, with fees at either end of the usual
 * 1-2 % range. Each runs on its own origin (startRampProvider).
 */

export type RampBrand = {
  /** The provider id the API and the widget use. */
  id: string
  name: string
  /** Percent of the payment. */
  feePercent: number
  /** Flat, in the payment currency. */
  networkFee: number
  /** The checkout page's accent colour (CSS). */
  accent: string
}

export const latchRamp: RampBrand = {
  id: 'latchramp',
  name: 'Latch Ramp',
  feePercent: 1,
  networkFee: 0.5,
  accent: '#2f5bd3',
}

export const rampBeta: RampBrand = {
  id: 'rampbeta',
  name: 'Ramp Beta',
  feePercent: 2,
  networkFee: 0.5,
  accent: '#a23e8c',
}

/** Both brands, in the order the API offers them (the first is its default). */
export const rampBrands: readonly RampBrand[] = [latchRamp, rampBeta]
