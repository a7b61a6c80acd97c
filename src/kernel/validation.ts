/**
 * The validation rules of SPEC §5 and the one bridge from a zod failure to a
 * {@link ValidationError}. Every payload from outside (API responses, frame messages,
 * EIP-6963 announcements, storage, config) goes through {@link parseWith}.
 */
import { keccak_256 } from '@noble/hashes/sha3'
import * as z from 'zod/mini'
import { formatMessage, messages, ValidationError } from './errors'

/** A `0x`-prefixed hex string. */
export type Hex = `0x${string}`

type CatalogueCode = keyof typeof messages

function invalid(
  code: CatalogueCode,
  values?: Record<string, string | number>,
  options: { details?: string; data?: unknown; cause?: unknown } = {},
): ValidationError {
  return new ValidationError(formatMessage(messages[code], values), { ...options, code })
}

const transactionHashPattern = /^0x[0-9a-fA-F]{64}$/
const signedMessagePattern = /^0x[0-9a-fA-F]{62,}$/
const addressPattern = /^0x[0-9a-fA-F]{40}$/
const namePattern = /^[a-zA-Z0-9-]{4,}$/

/**
 * True for `0x` followed by exactly 64 hex characters (SPEC §5).
 *
 * @example
 * isTransactionHash(`0x${'ab'.repeat(32)}`) // true
 */
export function isTransactionHash(value: unknown): value is Hex {
  return typeof value === 'string' && transactionHashPattern.test(value)
}

/**
 * True for `0x` followed by 62 or more hex characters (SPEC §5).
 *
 * @example
 * isSignedMessage(`0x${'1b'.repeat(65)}`) // true
 */
export function isSignedMessage(value: unknown): value is Hex {
  return typeof value === 'string' && signedMessagePattern.test(value)
}

/**
 * The EIP-55 checksummed form of an EVM address. Throws a ValidationError when the
 * input is not `0x` plus 40 hex characters; any casing is accepted.
 *
 * @example
 * toChecksumAddress('0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359')
 * // '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'
 */
export function toChecksumAddress(address: string): Hex {
  if (!addressPattern.test(address)) {
    throw invalid('VALIDATION_FAILED', undefined, { details: `Not an EVM address: ${preview(address)}` })
  }
  const lower = address.slice(2).toLowerCase()
  const hash = keccak_256(new TextEncoder().encode(lower))
  let out = '0x'
  for (let i = 0; i < 40; i++) {
    const char = lower[i] as string
    // Nibble i of the hash: high nibble of byte i/2 for even i, low nibble for odd i.
    const byte = hash[i >> 1] as number
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f
    out += nibble >= 8 ? char.toUpperCase() : char
  }
  return out as Hex
}

/**
 * True for an EVM address: `0x` plus 40 hex characters (SPEC §5).
 *
 * `strict` (the default, as in viem) adds the EIP-55 rule: an all-lowercase address is
 * accepted because it carries no checksum, any other casing (mixed or all-uppercase)
 * must be exactly the checksummed form. With `strict: false` casing is ignored.
 *
 * @example
 * isAddress('0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359') // true
 * isAddress('0xFB6916095ca1df60bB79Ce92cE3Ea74c37c5d359') // false: checksum broken
 * isAddress('0xFB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', { strict: false }) // true
 */
export function isAddress(address: unknown, options: { strict?: boolean } = {}): address is Hex {
  if (typeof address !== 'string' || !addressPattern.test(address)) return false
  if (options.strict === false) return true
  if (address.slice(2) === address.slice(2).toLowerCase()) return true
  return toChecksumAddress(address) === address
}

/**
 * True for a name label: ASCII letters, digits or hyphens, at least 4 characters (SPEC §5).
 *
 * @example
 * isName('alice-01') // true
 * isName('bob') // false: too short
 */
export function isName(value: unknown): value is string {
  return typeof value === 'string' && namePattern.test(value)
}

/** 2^256 - 1, the largest fee an EVM transaction can carry. */
export const maxUint256 = 2n ** 256n - 1n

/** The fee fields of an EVM transaction request. */
export interface FeeValues {
  gasPrice?: bigint | undefined
  maxFeePerGas?: bigint | undefined
  maxPriorityFeePerGas?: bigint | undefined
}

/**
 * Checks the three fee rules of SPEC §5 and throws a ValidationError for the first one
 * broken: FEE_CONFLICT (legacy gasPrice mixed with EIP-1559 fields), FEE_CAP_TOO_HIGH
 * (maxFeePerGas above 2^256-1), TIP_ABOVE_FEE_CAP (priority fee above the max fee).
 *
 * @example
 * assertFeeValues({ maxFeePerGas: 2n, maxPriorityFeePerGas: 1n }) // ok
 * assertFeeValues({ gasPrice: 1n, maxFeePerGas: 2n }) // throws FEE_CONFLICT
 */
export function assertFeeValues({ gasPrice, maxFeePerGas, maxPriorityFeePerGas }: FeeValues): void {
  if (gasPrice !== undefined && (maxFeePerGas !== undefined || maxPriorityFeePerGas !== undefined)) {
    throw invalid('FEE_CONFLICT')
  }
  if (maxFeePerGas !== undefined && maxFeePerGas > maxUint256) {
    throw invalid('FEE_CAP_TOO_HIGH')
  }
  if (
    maxFeePerGas !== undefined &&
    maxPriorityFeePerGas !== undefined &&
    maxPriorityFeePerGas > maxFeePerGas
  ) {
    throw invalid('TIP_ABOVE_FEE_CAP')
  }
}

// The schemas below check what only one chain family's requests carry. Every call that
// builds them is marked pure, so a bundler drops them from apps that never validate such
// a request (zod/mini's builders are not marked side-effect free themselves): an EVM-only
// app does not ship the Solana options schema, nor any app the wallet_sendCalls one.
const startsWith0x = /* @__PURE__ */ z
  .string()
  .check(/* @__PURE__ */ z.startsWith('0x', { error: "must start with '0x'" }))

/**
 * One call of `wallet_sendCalls`: `to` must start with 0x, `data` too when given
 * (SPEC §5). Other fields (value, capabilities, ...) pass through untouched.
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

/** Options of a Solana signAndSend (SPEC §5). Unknown keys are dropped. */
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

/** What the send feature checks before it builds a transfer. */
export interface SendInput {
  amount: string | number | bigint | null | undefined
  receiverAddress: string | null | undefined
  token: unknown
  chainSupported: boolean
}

function isBlank(value: unknown): boolean {
  if (value === undefined || value === null) return true
  if (typeof value === 'string') return value.trim() === ''
  if (typeof value === 'number') return value === 0 || Number.isNaN(value)
  if (typeof value === 'bigint') return value === 0n
  return false
}

/**
 * Checks a send request in the order of SPEC §5 and throws a ValidationError with the
 * first failing message: 'An amount and receiver address are required' (amount missing,
 * empty or zero, or receiver missing), then 'A token is required', then 'Unsupported chain'.
 *
 * @example
 * assertSendInput({ amount: '1.5', receiverAddress: '0x…', token, chainSupported: true })
 */
export function assertSendInput({ amount, receiverAddress, token, chainSupported }: SendInput): void {
  if (isBlank(amount) || isBlank(receiverAddress)) throw invalid('SEND_AMOUNT_AND_RECEIVER_REQUIRED')
  if (token === undefined || token === null || token === false || token === '') {
    throw invalid('SEND_TOKEN_REQUIRED')
  }
  if (!chainSupported) throw invalid('UNSUPPORTED_CHAIN')
}

/** One schema failure, with its path written as `data[0].id`. */
export interface ValidationIssue {
  path: string
  message: string
}

/** Writes a zod path the way it would be read in code: `data[0].metadata.name`. */
function formatPath(path: readonly PropertyKey[]): string {
  let out = ''
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`
    else out += out === '' ? String(segment) : `.${String(segment)}`
  }
  return out === '' ? '(root)' : out
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

function preview(value: unknown): string {
  const text = typeof value === 'string' ? value : String(value)
  return text.length > 80 ? `${text.slice(0, 77)}...` : text
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
    path: formatPath(issue.path),
    message: describeIssue(issue),
  }))
  const shown = issues.slice(0, 3).map((issue) => `${issue.path}: ${issue.message}`)
  if (issues.length > 3) shown.push(`and ${issues.length - 3} more`)
  throw invalid('VALIDATION_FAILED', undefined, {
    details: `${what}: ${shown.join('; ')}`,
    data: { what, issues },
    cause: result.error,
  })
}
