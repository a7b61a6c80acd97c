/**
 * How a route reads its input: through its zod schema, a failure being a {@link BadRequest}
 * that names what was wrong (`GET /getWallets: page: must be between 1 and 10000`), at
 * most three issues. A server never trusts what it did not parse.
 */
import * as z from 'zod/mini'
import { BadRequest } from './httpErrors.js'

function formatPath(path: readonly PropertyKey[]): string {
  let out = ''
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`
    else out += out === '' ? String(segment) : `.${String(segment)}`
  }
  return out
}

// zod/mini ships no message catalogue: the schemas' own messages, else one made from the issue.
function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.message && issue.message !== 'Invalid input') return issue.message
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`
    case 'invalid_value':
      return `expected one of ${issue.values.map((v) => JSON.stringify(String(v))).join(', ')}`
    case 'invalid_format':
      return `invalid ${issue.format}`
    case 'too_small':
      return `too small (minimum ${String(issue.minimum)})`
    case 'too_big':
      return `too big (maximum ${String(issue.maximum)})`
    case 'unrecognized_keys':
      return `unknown keys ${issue.keys.join(', ')}`
    case 'invalid_union':
      return 'matches none of the allowed shapes'
    default:
      return 'invalid'
  }
}

/**
 * The parsed value, or a {@link BadRequest} saying `<what>: <path>: <problem>` (the path
 * left out when the value itself is wrong).
 *
 * @example parseInput(walletsQuery, c.req.query(), 'GET /getWallets')
 */
export function parseInput<S extends z.core.$ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = z.safeParse(schema, value)
  if (result.success) return result.data
  const issues = result.error.issues.map((issue) => {
    const path = formatPath(issue.path)
    return path === '' ? describeIssue(issue) : `${path}: ${describeIssue(issue)}`
  })
  const shown = issues.slice(0, 3)
  if (issues.length > 3) shown.push(`and ${issues.length - 3} more`)
  throw new BadRequest(`${what}: ${shown.join('; ')}`)
}

/** The query string, parsed. */
export function readQuery<S extends z.core.$ZodType>(
  c: { req: { query(): Record<string, string> } },
  schema: S,
  what: string,
): z.output<S> {
  return parseInput(schema, c.req.query(), what)
}

/** The JSON body, parsed; a body that is not JSON is a {@link BadRequest} too. */
export async function readBody<S extends z.core.$ZodType>(
  c: { req: { json(): Promise<unknown> } },
  schema: S,
  what: string,
): Promise<z.output<S>> {
  let raw: unknown
  try {
    raw = await c.req.json()
  } catch {
    throw new BadRequest(`${what}: the body is not JSON`)
  }
  return parseInput(schema, raw, what)
}
