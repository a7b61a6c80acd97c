/**
 * The one bridge from a zod failure to a {@link ValidationError}. Every payload from
 * outside (API responses, frame messages, wallet announcements, storage, config) goes
 * through {@link parseWith}.
 */
import * as z from 'zod/mini'
import { messages, ValidationError } from './errors'

/** One schema failure, with its path written as `data[0].id`. */
export interface ValidationIssue {
  path: string
  message: string
}

/**
 * Writes a zod path the way it would be read in code, after `start`: `data[0].metadata.name`.
 * Shared with the options' errors, which start from `options`.
 *
 * @example joinPath(['networks', 0, 'name'], 'options') // 'options.networks[0].name'
 */
export function joinPath(path: readonly PropertyKey[], start = ''): string {
  return path.reduce<string>(
    (out, segment) =>
      typeof segment === 'number'
        ? `${out}[${segment}]`
        : out
          ? `${out}.${String(segment)}`
          : String(segment),
    start,
  )
}

// zod/mini ships no locale (we keep it out of the bundle), so every issue says
// 'Invalid input'; these few words say what was expected instead.
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
 * Parses `value` with a zod schema and returns the typed output; on failure throws a
 * ValidationError (code VALIDATION_FAILED) whose details name `what` and each issue's
 * path, and whose `data` holds `{ what, issues }`. The zod error is the `cause`.
 *
 * @example
 * const wallets = parseWith(walletListSchema, await api.get('/getWallets'), 'wallet list')
 * // throws "Invalid input\n\nDetails: wallet list: data[0].id: expected string"
 */
export function parseWith<S extends z.core.$ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = z.safeParse(schema, value)
  if (result.success) return result.data
  const issues: ValidationIssue[] = result.error.issues.map((issue) => ({
    path: joinPath(issue.path) || '(root)',
    message: describeIssue(issue),
  }))
  const shown = issues.slice(0, 3).map((issue) => `${issue.path}: ${issue.message}`)
  if (issues.length > 3) shown.push(`and ${issues.length - 3} more`)
  throw new ValidationError(messages.VALIDATION_FAILED, {
    code: 'VALIDATION_FAILED',
    details: `${what}: ${shown.join('; ')}`,
    data: { what, issues },
    cause: result.error,
  })
}
