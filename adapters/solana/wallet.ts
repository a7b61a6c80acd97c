/** Reaching the Wallet Standard wallet and account behind a connector. */
import { latchError } from 'latchkit/internal'
import type { StandardWallet, StandardWalletAccount } from './walletStandard'

/** True for an object with the Wallet Standard's wallet fields. */
export function isStandardWallet(value: unknown): value is StandardWallet {
  if (typeof value !== 'object' || value === null) return false
  const wallet = value as Partial<StandardWallet>
  return (
    typeof wallet.name === 'string' &&
    Array.isArray(wallet.chains) &&
    typeof wallet.features === 'object' &&
    wallet.features !== null &&
    Array.isArray(wallet.accounts)
  )
}

/**
 * The Wallet Standard wallet behind a connector, or 'Connector not connected' when it has
 * none (a connector of another kind handed to this adapter).
 */
export function walletOf(connector: { id: string; getProvider(): unknown }): StandardWallet {
  const wallet = connector.getProvider()
  if (!isStandardWallet(wallet)) {
    throw latchError(
      'CONNECTOR_NOT_CONNECTED',
      {},
      { details: `Connector "${connector.id}" has no Wallet Standard wallet` },
    )
  }
  return wallet
}

/**
 * The wallet's account object for `address`, which sign requests must carry; 'Account not
 * found' when the wallet no longer exposes it (disconnected in the wallet, switched away).
 */
export function accountOf(wallet: StandardWallet, address: string): StandardWalletAccount {
  const account = wallet.accounts.find((candidate) => candidate.address === address)
  if (!account)
    throw latchError('ACCOUNT_NOT_FOUND', {}, { details: `${wallet.name} does not expose ${address}` })
  return account
}
