/**
 * The calls of a `wallet_sendCalls` request: `to` must start with 0x, and `data` too when
 * given. Other fields (value, capabilities, ...) pass through untouched.
 */
import { parseWith } from 'latchkit/internal'
import * as z from 'zod/mini'

const startsWith0x = /* @__PURE__ */ z
  .string()
  .check(/* @__PURE__ */ z.startsWith('0x', { error: "must start with '0x'" }))

/**
 * One call of `wallet_sendCalls`.
 */
export const sendCallSchema = /* @__PURE__ */ z.looseObject({
  to: startsWith0x,
  data: /* @__PURE__ */ z.optional(startsWith0x),
})

/** A `wallet_sendCalls` call after validation. */
export type SendCall = z.output<typeof sendCallSchema>

/**
 * Validates the calls of a `wallet_sendCalls` request and returns them; throws a
 * ValidationError naming the first bad call, e.g. `calls[1].data`.
 *
 * @example
 * validateSendCalls([{ to: '0xabc…', data: '0x' }]) // returns the calls
 * validateSendCalls([{ to: 'abc' }]) // throws: calls[0].to must start with '0x'
 */
export function validateSendCalls(calls: unknown): SendCall[] {
  return parseWith(z.array(sendCallSchema), calls, 'calls')
}
