/**
 * Schema pieces several endpoint groups share: chain and account ids, the query fields
 * every request carries, amounts. Each route module builds its own schemas from these.
 */
import { isAddress } from 'viem'
import * as z from 'zod/mini'

export const caip2 = z
  .string()
  .check(z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'must be a CAIP-2 id such as eip155:31337'))

export const evmAddress = z
  .string()
  .check(
    z.refine((value) => isAddress(value, { strict: false }), 'must be a 0x address of 40 hex characters'),
  )

export const caip10 = z
  .string()
  .check(
    z.regex(
      /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:0x[0-9a-fA-F]{40}$/,
      'must be a CAIP-10 address such as eip155:31337:0x…',
    ),
  )

/** Amounts in a token's smallest unit, as decimal text (at most a uint256). */
export const baseUnits = z.string().check(z.regex(/^\d{1,78}$/, 'must be an amount in base units'))

/** The query fields every client request carries: the project, and the SDK that asks. */
export const identified = {
  projectId: z.string().check(z.minLength(1, 'is required'), z.maxLength(128)),
  st: z.optional(z.string()),
  sv: z.optional(z.string()),
  clientId: z.optional(z.string()),
}

/** A query with nothing but the identifying fields. */
export const projectOnly = z.object(identified)

export const chainRequired = z.object({ ...identified, chainId: caip2 })
export const chainOptional = z.object({ ...identified, chainId: z.optional(caip2) })

/** A query flag as clients send it. */
export const queryFlag = z.optional(z.enum(['true', 'false', '1', '0']))

/** A whole number in a query string, from 1 to `max`. */
export const positiveInt = (max: number) =>
  z
    .pipe(
      z.string().check(z.regex(/^\d+$/, 'must be a whole number')),
      z.transform((value) => Number(value)),
    )
    .check(z.refine((value) => value >= 1 && value <= max, `must be between 1 and ${max}`))

/** A comma-separated query list whose entries each match `item`. */
export const commaList = <T extends z.core.$ZodType<string>>(item: T) =>
  z
    .pipe(
      z.string().check(z.maxLength(20_000)),
      z.transform((value) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      ),
    )
    .check(z.refine((list) => list.every((part) => z.safeParse(item, part).success), 'has an invalid entry'))

/** Whether `value` holds a C0 control character or DEL (a line break, a NUL, an escape...). */
export function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i)
    if (code < 0x20 || code === 0x7f) return true
  }
  return false
}

/** One line of text, 1 to `max` characters, without control characters. */
export const printableText = (max: number) =>
  z.string().check(
    z.minLength(1),
    z.maxLength(max),
    z.refine((value) => !hasControlCharacter(value), 'must be printable text'),
  )
