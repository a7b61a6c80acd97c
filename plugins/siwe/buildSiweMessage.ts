import { getAddress } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import type { SiweMessageParameters } from './types'

/** Any character EIP-4361 does not allow in a statement (ASCII letters, digits, space, RFC 3986 reserved and unreserved punctuation). */
const NOT_IN_STATEMENT = /[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;= ]+/g

/**
 * The statement as EIP-4361 allows it: accents dropped (`é` becomes `e`), every other
 * character it does not allow (quotes, `%`, `|`, `<`, line breaks, non-Latin text) turned
 * into a space, spaces collapsed. A verifier that checks the grammar refuses a message
 * with any of them, so an app name such as `Café "Zoë"` would otherwise make every
 * sign-in fail after the wallet signed.
 */
function statementText(statement: string): string {
  return statement
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(NOT_IN_STATEMENT, ' ')
    .replace(/ {2,}/g, ' ')
    .trim()
}

/**
 * EIP-4361 text through viem. Loaded on first sign-in only (see createMessage.ts), so
 * viem's SIWE code stays out of the plugin's initial chunk.
 *
 * @example
 * buildSiweMessage({ address, chainId: 1, nonce, domain: 'app.example', uri: 'https://app.example', issuedAt: new Date().toISOString(), statement: 'Sign in to Café' })
 * // '... Sign in to Cafe ...'
 */
export function buildSiweMessage(params: SiweMessageParameters): string {
  const statement = params.statement ? statementText(params.statement) : ''
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
    ...(statement ? { statement } : {}),
  })
}
