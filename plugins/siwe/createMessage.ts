import type { SiweMessageParameters } from './types'

/**
 * The default message: EIP-4361, built by viem's `createSiweMessage`, imported lazily so
 * the plugin's initial chunk stays small.
 *
 * @example
 * const text = await createMessage({ address, chainId: 1, nonce, domain: 'app.example', uri: 'https://app.example', issuedAt: new Date().toISOString() })
 * // 'app.example wants you to sign in with your Ethereum account:\n0x...'
 */
export async function createMessage(params: SiweMessageParameters): Promise<string> {
  const { buildSiweMessage } = await import('./buildSiweMessage')
  return buildSiweMessage(params)
}
