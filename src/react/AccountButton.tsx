'use client'
import type { ButtonHTMLAttributes, ReactElement } from 'react'
import { Avatar } from './Avatar'
import { useButtonStyle } from './buttonStyle'
import { useKernel } from './context'
import { formatBalance, truncateAddress } from './format'
import { useAccount } from './useAccount'
import { useLocaleDirection, useLocaleTag } from './useI18n'

export type AccountButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** Hide the balance (e.g. in a narrow header). */
  hideBalance?: boolean
}

/**
 * The connected account: avatar, profile name or truncated address, and balance. Opens
 * the Account view. Renders nothing while disconnected; while reconnecting, the account
 * the page started with (see `initialState`), marked `aria-busy`.
 *
 * @example
 * <AccountButton hideBalance />
 */
export function AccountButton({ hideBalance, style, ...props }: AccountButtonProps): ReactElement | null {
  const kernel = useKernel('AccountButton')
  const account = useAccount()
  const tag = useLocaleTag()
  const dir = useLocaleDirection()
  const base = useButtonStyle('secondary')
  // While reconnecting, a known account (from `initialState`) already shows; its balance follows.
  const reconnecting = account.status === 'reconnecting'
  if ((!account.isConnected && !reconnecting) || !account.address) return null
  const balance = hideBalance ? undefined : formatBalance(account.balance, account.balanceSymbol, tag)
  return (
    <button
      type="button"
      dir={dir}
      data-latchkit="account-button"
      aria-busy={reconnecting || undefined}
      onClick={() => kernel.open({ view: 'Account' })}
      {...props}
      style={{ ...base, ...style }}
    >
      {/* Text, not elements: no rule of the page can select it. */}
      {balance}
      <Avatar address={account.address} image={account.profileImage} />
      {account.profileName || truncateAddress(account.address)}
    </button>
  )
}
