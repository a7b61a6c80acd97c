import { ValidationError } from 'latchkit'
import { messages } from 'latchkit/internal'

/**
 * Reads a JSON-RPC quantity (`0x`-hex) answered by a node, or throws a ValidationError
 * naming the method, so a broken RPC never turns into a wrong number on screen.
 *
 * @example
 * readQuantity('0x5208', 'eth_estimateGas') // 21000n
 */
export function readQuantity(value: unknown, method: string): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-f]+$/i.test(value)) {
    throw new ValidationError(messages.VALIDATION_FAILED, {
      code: 'VALIDATION_FAILED',
      details: `${method} answered ${JSON.stringify(value)}, not a hex quantity`,
    })
  }
  return BigInt(value)
}
