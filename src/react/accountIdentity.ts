import type { AccountState } from 'latchkit'
import { truncateAddress } from './format'

type Shown = Pick<AccountState, 'profileName' | 'profileImage' | 'user'> & { address: string }

/**
 * What names the account on screen: its name from a names service, else the name its
 * login's provider gave (a Farcaster username), else the shortened address.
 *
 * @example
 * accountName(account) // 'vitalik.eth', 'alice-dev' or '0x1234...abcd'
 */
export function accountName(account: Shown): string {
  return account.profileName || account.user?.userName || truncateAddress(account.address)
}

/**
 * The account's picture: its names-service avatar, else its login provider's picture;
 * undefined draws the address's own avatar.
 *
 * @example
 * <Avatar address={account.address} image={accountImage(account)} />
 */
export function accountImage(account: Shown): string | undefined {
  return account.profileImage || account.user?.avatarUrl || undefined
}
