import type { Account } from 'latchkit'
import { isSolanaAddress } from './address'
import type { StandardWalletAccount } from './walletStandard'

/**
 * The Solana accounts among a wallet's accounts, as EOA accounts (Solana's preferred
 * account type is eoa). A multi-chain wallet also lists accounts of other
 * chains; those, and anything whose address is not a public key, are dropped.
 *
 * @example
 * toAccounts(wallet.accounts) // [{ address: '9xQe…', type: 'eoa' }]
 */
export function toAccounts(accounts: readonly StandardWalletAccount[] | undefined): Account[] {
  if (!Array.isArray(accounts)) return []
  return accounts
    .filter(
      (account) =>
        isSolanaAddress(account?.address) &&
        (!Array.isArray(account.chains) ||
          account.chains.length === 0 ||
          account.chains.some((chain: string) => chain.startsWith('solana:'))),
    )
    .map((account) => ({ address: account.address, type: 'eoa' }))
}
