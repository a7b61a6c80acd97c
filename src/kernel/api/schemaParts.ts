/**
 * Field schemas the kernel's answer schemas share. APIs and wallets are not consistent
 * about numbers: some send `"1.5"`, some `1.5`.
 */
import * as z from 'zod/mini'

/** Text or a number, read as text. */
export const numericText = z.pipe(
  z.union([z.string(), z.number()]),
  z.transform((value) => String(value)),
)

/** A number, or a numeric string read as a number. */
export const looseNumber = z.pipe(
  z.union([z.number(), z.string().check(z.regex(/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/, 'must be numeric'))]),
  z.transform((value) => Number(value)),
)

/** A string that may be absent or null. */
export const optionalText = z.optional(z.nullable(z.string()))
