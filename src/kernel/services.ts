/**
 * The contracts of the well-known services in `kernel.services`: a capability one plugin
 * offers and others use without importing it. The kernel only names the shapes, so the
 * provider and the user agree on them; it never calls a service itself.
 */
import type { ChainNamespace } from './types'

/**
 * Turns a human-readable name (e.g. `alice.eth`) into an address of `namespace`, or
 * `undefined` when the name has no address there. A names plugin provides it under
 * {@link NAME_RESOLVER_SERVICE}; the send view asks it when the receiver is not an address.
 * Rejects only when the lookup itself failed (network, API), not for an unknown name.
 *
 * @example
 * // in a names plugin's setup
 * const resolve: NameResolver = async (name, namespace) => lookup(name, namespace)
 * return ctx.services.add(NAME_RESOLVER_SERVICE, resolve)
 */
export type NameResolver = (name: string, namespace: ChainNamespace) => Promise<string | undefined>

/** The key a {@link NameResolver} is registered under in `kernel.services`. */
export const NAME_RESOLVER_SERVICE = 'nameResolver'

/**
 * The name resolver, when some plugin provides one.
 *
 * @example
 * const resolve = getNameResolver(kernel)
 * const address = resolve ? await resolve('alice.eth', 'eip155') : undefined
 */
export function getNameResolver(kernel: {
  services: { get(key: string): unknown }
}): NameResolver | undefined {
  const service = kernel.services.get(NAME_RESOLVER_SERVICE)
  return typeof service === 'function' ? (service as NameResolver) : undefined
}

/**
 * Turns an address of `namespace` into its primary name (e.g. `alice.eth`), or `undefined`
 * when it has none or the lookup failed: a name is only ever a nicer label for an address
 * the caller already shows, so a failure is never worth an error. A names plugin provides
 * it under {@link ADDRESS_NAMER_SERVICE}; the send view shows the name of a pasted address
 * and the activity list the names of counterparties with it.
 *
 * @example
 * // in a names plugin's setup
 * const name: AddressNamer = async (address, namespace) => primaryNameOf(address, namespace)
 * return ctx.services.add(ADDRESS_NAMER_SERVICE, name)
 */
export type AddressNamer = (address: string, namespace: ChainNamespace) => Promise<string | undefined>

/** The key an {@link AddressNamer} is registered under in `kernel.services`. */
export const ADDRESS_NAMER_SERVICE = 'addressNamer'

/**
 * The address namer, when some plugin provides one.
 *
 * @example
 * const nameOf = getAddressNamer(kernel)
 * const name = nameOf ? await nameOf('0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'eip155') : undefined
 */
export function getAddressNamer(kernel: {
  services: { get(key: string): unknown }
}): AddressNamer | undefined {
  const service = kernel.services.get(ADDRESS_NAMER_SERVICE)
  return typeof service === 'function' ? (service as AddressNamer) : undefined
}
