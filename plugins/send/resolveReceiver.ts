import { type ChainNamespace, getAddressNamer, getNameResolver, type Kernel } from 'latchkit'

/** What a receiver field holds, once looked at. */
export type ReceiverCheck =
  | { kind: 'empty' }
  /** An address of the namespace, by its adapter's strict check; `name` once the address namer named it. */
  | { kind: 'address'; address: string; name?: string }
  /** A name the name resolver turned into `address`. */
  | { kind: 'name'; name: string; address: string }
  /** A name the resolver does not know (or knows only for another chain). */
  | { kind: 'unknown-name'; name: string }
  /** The resolver failed (network, API); the name may well exist. */
  | { kind: 'lookup-failed'; name: string; error: unknown }
  /** Neither an address nor, with no resolver present, anything that could be looked up. */
  | { kind: 'invalid' }

/**
 * True when `value` is a valid receiver address for `namespace`: the adapter's strict
 * check (an EVM adapter's includes the EIP-55 checksum). An adapter without `isAddress`
 * leaves it to the wallet.
 *
 * @example
 * isReceiverAddress(kernel, 'eip155', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8') // true
 */
export function isReceiverAddress(kernel: Kernel, namespace: ChainNamespace, value: string): boolean {
  const adapter = kernel.adapters.get(namespace)
  if (!adapter?.isAddress) return value.trim() !== ''
  return adapter.isAddress(value, { strict: true })
}

/**
 * True while `text` may still become an address of `namespace` as the visitor types on,
 * by the adapter's `isAddressPrefix`; an adapter that cannot tell gets the benefit of the
 * doubt (the check before the preview still refuses a wrong address).
 *
 * @example
 * isAddressBeingTyped(kernel, 'eip155', '0x7099') // true
 * isAddressBeingTyped(kernel, 'solana', '0x7099') // false: not base58
 */
export function isAddressBeingTyped(kernel: Kernel, namespace: ChainNamespace, text: string): boolean {
  return kernel.adapters.get(namespace)?.isAddressPrefix?.(text) ?? true
}

/**
 * True when `text` may be a name to look up in `namespace`: no whitespace, and not
 * written the way the namespace's adapter writes addresses (`looksLikeAddress`): looking
 * up a mistyped address would only delay the error.
 *
 * @example
 * mayBeName(kernel, 'eip155', 'alice.eth') // true
 * mayBeName(kernel, 'eip155', '0x7099') // false
 */
export function mayBeName(kernel: Kernel, namespace: ChainNamespace, text: string): boolean {
  if (/\s/.test(text)) return false
  return !kernel.adapters.get(namespace)?.looksLikeAddress?.(text)
}

/**
 * Checks what the visitor typed as the receiver: an address as is, or a name through the
 * `nameResolver` service when some plugin (e.g. names) provides it. The send plugin never
 * imports that plugin; without it, a name is simply not an address.
 *
 * @example
 * const check = await resolveReceiver(kernel, 'eip155', 'alice.eth')
 * if (check.kind === 'name') console.log(check.address)
 */
export async function resolveReceiver(
  kernel: Kernel,
  namespace: ChainNamespace,
  input: string,
): Promise<ReceiverCheck> {
  const value = input.trim()
  if (value === '') return { kind: 'empty' }
  if (isReceiverAddress(kernel, namespace, value)) return { kind: 'address', address: value }
  const resolve = getNameResolver(kernel)
  if (!resolve || !mayBeName(kernel, namespace, value)) return { kind: 'invalid' }
  try {
    const address = await resolve(value, namespace)
    // A resolver is another plugin's code: what it answers is checked like typed input.
    if (address && isReceiverAddress(kernel, namespace, address))
      return { kind: 'name', name: value, address }
    return { kind: 'unknown-name', name: value }
  } catch (error) {
    kernel.logger.warn(`name lookup for ${value} failed`, error)
    return { kind: 'lookup-failed', name: value, error }
  }
}

/**
 * The name of a receiver address, through the `addressNamer` service when some plugin
 * (e.g. names) provides it, so the visitor sees whose address was pasted. Undefined
 * without a namer, for an address with no name, and when the lookup failed (logged):
 * the address alone is what is sent either way.
 *
 * @example
 * await nameOfReceiver(kernel, 'eip155', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8') // 'bob.eth'
 */
export async function nameOfReceiver(
  kernel: Kernel,
  namespace: ChainNamespace,
  address: string,
): Promise<string | undefined> {
  const nameOf = getAddressNamer(kernel)
  if (!nameOf) return undefined
  try {
    const name = await nameOf(address, namespace)
    // Another plugin's answer, shown as text: a short single line or nothing.
    return typeof name === 'string' && name.trim() !== '' && name.length <= 255 ? name.trim() : undefined
  } catch (error) {
    kernel.logger.warn(`naming ${address} failed`, error)
    return undefined
  }
}
