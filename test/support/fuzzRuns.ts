/**
 * How many inputs a property-based (fast-check) fuzz test generates per property: the
 * `LATCHKIT_FUZZ_RUNS` environment variable when it is a positive whole number, else
 * `defaultCount` (1000, the size `npm test` runs). A nightly-sized run sets
 * `LATCHKIT_FUZZ_RUNS=10000`. One variable for every fuzz test, so a single setting sizes
 * them all; a value that is not a positive whole number is an error, not a silent default.
 *
 * @example
 * import fc from 'fast-check'
 * import { fuzzRuns } from '../support/fuzzRuns.js'
 *
 * it('never throws', () => {
 *   fc.assert(fc.property(fc.string(), (text) => { parse(text) }), { numRuns: fuzzRuns() })
 * })
 * // LATCHKIT_FUZZ_RUNS=10000 npx vitest run --project siwe test/server/siwe/parseSiweMessageFuzz.test.ts
 */
export function fuzzRuns(defaultCount = 1000): number {
  const raw = process.env.LATCHKIT_FUZZ_RUNS
  if (raw === undefined || raw.trim() === '') return defaultCount
  const count = Number(raw)
  if (!Number.isSafeInteger(count) || count < 1) {
    throw new Error(`LATCHKIT_FUZZ_RUNS must be a positive whole number, not ${JSON.stringify(raw)}`)
  }
  return count
}
