import type { LatchError } from 'latchkit'

/**
 * The error a synchronous call throws, for tests that check its code and message; fails
 * the test when nothing is thrown.
 *
 * @example
 * expect(thrown(() => assertFeeValues({ gasPrice: 1n, maxFeePerGas: 2n })).code).toBe('FEE_CONFLICT')
 */
export function thrown(fn: () => unknown): LatchError {
  try {
    fn()
  } catch (error) {
    return error as LatchError
  }
  throw new Error('expected a throw')
}
