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

/** A wallet from the wallet registry (GET /getWallets), as a wallet list shows it. */
export interface RegistryWallet {
  id: string
  name: string
  /** Image id for GET /getWalletImage/{id}. */
  image_id?: string | null | undefined
  /** Reverse-DNS id the wallet announces itself with when installed (EIP-6963). */
  rdns?: string | null | undefined
  /** CAIP-2 chains the wallet supports. */
  chains?: readonly string[] | undefined
  /** Universal or custom-scheme link that opens the wallet app on a phone. */
  mobile_link?: string | null | undefined
  /** Custom-scheme link that opens the wallet's desktop app. */
  desktop_link?: string | null | undefined
  /** The wallet's web app. */
  webapp_link?: string | null | undefined
}

/**
 * Connects a registry wallet that is not installed in this page, e.g. by a WalletConnect
 * QR code and the wallet's deep links. It opens its own connecting view and resolves once
 * the attempt is started (not when it settles). A WalletConnect plugin provides it under
 * {@link WALLET_LINKER_SERVICE}; the all-wallets list calls it for a wallet it cannot
 * connect directly.
 *
 * @example
 * // in a WalletConnect plugin's setup
 * const link: WalletLinker = (wallet) => kernel.router.push('ConnectingWalletConnect', { walletId: wallet.id })
 * return ctx.services.add(WALLET_LINKER_SERVICE, link)
 */
export type WalletLinker = (wallet: RegistryWallet) => void

/** The key a {@link WalletLinker} is registered under in `kernel.services`. */
export const WALLET_LINKER_SERVICE = 'walletLinker'

/**
 * The wallet linker, when some plugin provides one.
 *
 * @example
 * const link = getWalletLinker(kernel)
 * if (link) link(wallet)
 */
export function getWalletLinker(kernel: {
  services: { get(key: string): unknown }
}): WalletLinker | undefined {
  const service = kernel.services.get(WALLET_LINKER_SERVICE)
  return typeof service === 'function' ? (service as WalletLinker) : undefined
}
