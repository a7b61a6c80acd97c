/**
 * CAIP-2 network ids (`eip155:1`) and CAIP-10 account ids (`eip155:1:0xabc…`), parsed and
 * formatted with the grammar of the CAIP standards.
 */
import { messages, ValidationError } from './errors'
import type { CaipAddress, CaipNetworkId, ChainNamespace } from './types'

const namespacePattern = /^[-a-z0-9]{3,8}$/
const referencePattern = /^[-_a-zA-Z0-9]{1,32}$/
const accountAddressPattern = /^[-.%a-zA-Z0-9]{1,128}$/

/** The two parts of a CAIP-2 network id. */
export interface CaipNetwork {
  namespace: ChainNamespace
  reference: string
}

/** The parts of a CAIP-10 account id, with its network id for convenience. */
export interface CaipAccount extends CaipNetwork {
  address: string
  caipNetworkId: CaipNetworkId
}

function preview(value: unknown): string {
  const text = String(value)
  return text.length > 80 ? `${text.slice(0, 77)}...` : text
}

function invalidNetworkId(value: unknown): ValidationError {
  return new ValidationError(messages.INVALID_CAIP2_NETWORK_ID, {
    code: 'INVALID_CAIP2_NETWORK_ID',
    details: `Expected namespace:reference, got ${preview(value)}`,
  })
}

function invalidAddress(value: unknown): ValidationError {
  return new ValidationError(messages.INVALID_CAIP10_ADDRESS, {
    code: 'INVALID_CAIP10_ADDRESS',
    details: `Expected namespace:reference:address, got ${preview(value)}`,
  })
}

function isNetworkParts(namespace: unknown, reference: unknown): boolean {
  return (
    typeof namespace === 'string' &&
    typeof reference === 'string' &&
    namespacePattern.test(namespace) &&
    referencePattern.test(reference)
  )
}

/**
 * True for a well-formed CAIP-2 network id.
 *
 * @example
 * isCaipNetworkId('eip155:1') // true
 * isCaipNetworkId('EIP155:1') // false: the namespace is lowercase
 */
export function isCaipNetworkId(value: unknown): value is CaipNetworkId {
  if (typeof value !== 'string') return false
  const parts = value.split(':')
  return parts.length === 2 && isNetworkParts(parts[0], parts[1])
}

/**
 * Splits a CAIP-2 network id; throws a ValidationError 'Invalid CAIP-2 network id'.
 *
 * @example
 * parseCaipNetworkId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
 * // { namespace: 'solana', reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }
 */
export function parseCaipNetworkId(value: string): CaipNetwork {
  if (!isCaipNetworkId(value)) throw invalidNetworkId(value)
  const [namespace, reference] = value.split(':') as [string, string]
  return { namespace, reference }
}

/**
 * Joins a namespace and a reference into a CAIP-2 network id; throws a ValidationError
 * 'Invalid CAIP-2 network id' when either part breaks the grammar.
 *
 * @example
 * formatCaipNetworkId({ namespace: 'eip155', reference: '8453' }) // 'eip155:8453'
 */
export function formatCaipNetworkId({ namespace, reference }: CaipNetwork): CaipNetworkId {
  if (!isNetworkParts(namespace, reference)) throw invalidNetworkId(`${namespace}:${reference}`)
  return `${namespace}:${reference}`
}

/**
 * True for a well-formed CAIP-10 account id.
 *
 * @example
 * isCaipAddress('eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb') // true
 */
export function isCaipAddress(value: unknown): value is CaipAddress {
  if (typeof value !== 'string') return false
  const parts = value.split(':')
  return (
    parts.length === 3 && isNetworkParts(parts[0], parts[1]) && accountAddressPattern.test(parts[2] as string)
  )
}

/**
 * Splits a CAIP-10 account id; throws a ValidationError 'Invalid CAIP-10 address'.
 *
 * @example
 * parseCaipAddress('eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb')
 * // { namespace: 'eip155', reference: '1', address: '0xab16…', caipNetworkId: 'eip155:1' }
 */
export function parseCaipAddress(value: string): CaipAccount {
  if (!isCaipAddress(value)) throw invalidAddress(value)
  const [namespace, reference, address] = value.split(':') as [string, string, string]
  return { namespace, reference, address, caipNetworkId: `${namespace}:${reference}` }
}

/**
 * Builds a CAIP-10 account id from a network (id or parts) and an address; throws a
 * ValidationError 'Invalid CAIP-10 address' when the result breaks the grammar.
 *
 * @example
 * formatCaipAddress('eip155:1', '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb')
 * formatCaipAddress({ namespace: 'solana', reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }, address)
 */
export function formatCaipAddress(network: CaipNetworkId | CaipNetwork, address: string): CaipAddress {
  const caipNetworkId =
    typeof network === 'string' ? network : (`${network.namespace}:${network.reference}` as const)
  const value = `${caipNetworkId}:${address}`
  if (!isCaipAddress(value)) throw invalidAddress(value)
  return value as CaipAddress
}
