/**
 * The EIP-1193 provider surface the adapter relies on, and the one place its requests go
 * through so every wallet failure comes out as a Latchkit error.
 */
import { latchError, toRpcError } from 'latchkit/internal'

/** An EIP-1193 request. */
export interface Eip1193RequestArguments {
  readonly method: string
  readonly params?: readonly unknown[] | object
}

/**
 * The part of an EIP-1193 provider Latchkit uses. Deliberately loose (viem's
 * `EIP1193Provider` is typed per method), so any wallet object, a test fake or a
 * third-party bridge fits without casts.
 */
export interface Eip1193Provider {
  request(args: Eip1193RequestArguments): Promise<unknown>
  on?(event: string, listener: (...args: unknown[]) => void): unknown
  removeListener?(event: string, listener: (...args: unknown[]) => void): unknown
}

/**
 * True for an object with a `request` function: the minimum of EIP-1193.
 *
 * @example
 * if (isEip1193Provider(window.ethereum)) await window.ethereum.request({ method: 'eth_chainId' })
 */
export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { request?: unknown }).request === 'function'
  )
}

/**
 * Sends one request and maps any failure through `toRpcError`, so 4001 becomes
 * UserRejectedRequestError, 4902 SwitchChainError, and so on.
 *
 * @example
 * const chainId = await request(provider, { method: 'eth_chainId' })
 */
export async function request(provider: Eip1193Provider, args: Eip1193RequestArguments): Promise<unknown> {
  try {
    return await provider.request(args)
  } catch (error) {
    throw toRpcError(error)
  }
}

/**
 * The EIP-1193 provider behind a connector, or 'Connector not connected' when it has none
 * (a connector of another kind handed to this adapter).
 */
export function providerOf(connector: { id: string; getProvider(): unknown }): Eip1193Provider {
  const provider = connector.getProvider()
  if (!isEip1193Provider(provider)) {
    throw latchError(
      'CONNECTOR_NOT_CONNECTED',
      {},
      { details: `Connector "${connector.id}" has no EIP-1193 provider` },
    )
  }
  return provider
}

/** Numeric code of a provider error; wallets sometimes nest it in `data.originalError`. */
export function providerErrorCodes(error: unknown): number[] {
  const codes: number[] = []
  let current: unknown = error
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'number') codes.push(code)
    current = (current as { data?: { originalError?: unknown } }).data?.originalError
  }
  return codes
}
