/**
 * JSON with bigints. Solana RPC answers carry u64 values (lamports, slots, rentEpoch) as
 * bare JSON numbers that may exceed 2^53; @solana/kit parses them back as bigints. The
 * endpoint keeps them as bigints and writes them as bare numbers, never as strings.
 */

const marker = '\u0000bigint:'

/**
 * Like JSON.stringify, but bigints are written as plain numbers.
 *
 * @example
 * stringifyJson({ lamports: 18446744073709551615n }) // '{"lamports":18446744073709551615}'
 */
export function stringifyJson(value: unknown): string {
  const text = JSON.stringify(value, (_key, item) => (typeof item === 'bigint' ? `${marker}${item}` : item))
  // The marker's NUL is escaped as \u0000 inside the JSON string.
  return text.replace(/"\\u0000bigint:(-?\d+)"/g, '$1')
}
