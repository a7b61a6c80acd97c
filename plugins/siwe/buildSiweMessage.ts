import { getAddress } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import type { SiweMessageParameters } from './types'

/**
 * EIP-4361 text through viem. Loaded on first sign-in only (see createMessage.ts), so
 * viem's SIWE code stays out of the plugin's initial chunk.
 */
export function buildSiweMessage(params: SiweMessageParameters): string {
  return createSiweMessage({
    // EIP-4361 wants the EIP-55 form; wallets may report lower case.
    address: getAddress(params.address),
    chainId: params.chainId,
    domain: params.domain,
    nonce: params.nonce,
    uri: params.uri,
    version: '1',
    issuedAt: new Date(params.issuedAt),
    ...(params.expirationTime ? { expirationTime: new Date(params.expirationTime) } : {}),
    ...(params.statement ? { statement: params.statement } : {}),
  })
}
