/**
 * The options a Solana signAndSend takes, checked before they reach the wallet: a boolean
 * skipPreflight, a known preflightCommitment, numeric maxRetries and minContextSlot.
 */
import { parseWith } from 'latchkit/internal'
import * as z from 'zod/mini'

/** The commitments Solana accepts for `preflightCommitment`. */
export const solanaCommitments = [
  'processed',
  'confirmed',
  'finalized',
  'recent',
  'single',
  'singleGossip',
  'root',
  'max',
] as const

/** Options of a Solana signAndSend. Unknown keys are dropped. */
export const solanaSendOptionsSchema = /* @__PURE__ */ z.object({
  skipPreflight: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.boolean()),
  preflightCommitment: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.enum(solanaCommitments)),
  maxRetries: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.number()),
  minContextSlot: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.number()),
})

export type SolanaSendOptions = z.output<typeof solanaSendOptionsSchema>

/**
 * Parses Solana signAndSend options; `undefined` means "no options" and gives `{}`.
 *
 * @example
 * parseSolanaSendOptions({ skipPreflight: true, preflightCommitment: 'confirmed' })
 * parseSolanaSendOptions({ maxRetries: '3' }) // throws a ValidationError at maxRetries
 */
export function parseSolanaSendOptions(value: unknown): SolanaSendOptions {
  return parseWith(solanaSendOptionsSchema, value ?? {}, 'Solana send options')
}
