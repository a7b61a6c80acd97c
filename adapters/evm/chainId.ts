/** EVM chain ids as wallets send them and as networks carry them. */
import { type Network, ValidationError } from 'latchkit'
import { latchError, messages } from 'latchkit/internal'
import { type Eip1193Provider, request } from './provider'

/**
 * Reads a chain id as wallets send it: hex (`0x1`, the standard), a decimal string or a
 * number (some older wallets). Undefined when it is none of these.
 *
 * @example
 * parseChainId('0x2105') // 8453
 */
export function parseChainId(value: unknown): number | undefined {
  let id: number
  if (typeof value === 'number') id = value
  else if (typeof value === 'bigint') id = Number(value)
  else if (typeof value === 'string' && /^0x[0-9a-f]+$/i.test(value)) id = Number.parseInt(value, 16)
  else if (typeof value === 'string' && /^[0-9]+$/.test(value)) id = Number(value)
  else return undefined
  return Number.isSafeInteger(id) && id > 0 ? id : undefined
}

/**
 * The numeric chain id of an eip155 network; 'Unsupported chain' for any other network,
 * so a Solana network can never reach an EVM wallet.
 *
 * @example
 * evmChainIdOf(base) // 8453
 */
export function evmChainIdOf(network: Network): number {
  const id = network.chainNamespace === 'eip155' ? parseChainId(network.id) : undefined
  if (id === undefined) {
    throw latchError('UNSUPPORTED_CHAIN', {}, { details: `${network.caipNetworkId} is not an EVM network` })
  }
  return id
}

/** Asks the wallet which chain it is on (`eth_chainId`), as a number. */
export async function readChainId(provider: Eip1193Provider): Promise<number> {
  const value = await request(provider, { method: 'eth_chainId' })
  const chainId = parseChainId(value)
  if (chainId === undefined) {
    throw new ValidationError(messages.VALIDATION_FAILED, {
      code: 'VALIDATION_FAILED',
      details: `eth_chainId answered ${JSON.stringify(value)}, not a chain id`,
    })
  }
  return chainId
}
