'use client'
import type { ReactElement } from 'react'
import { AccountTabs } from './AccountTabs'
import {
  Avatar,
  disconnectWithNotice,
  formatBalance,
  Icon,
  NetworkIcon,
  safeLinkUrl,
  truncateAddress,
  useAccount,
  useKernel,
  useKernelState,
  useLocaleTag,
  useNetwork,
  useSlot,
  useT,
} from './kit'

/**
 * Account: who is connected (name or truncated address, avatar, balance), copy and
 * explorer, the network, the `features` slot's buttons, the `accountTabs` slot, and
 * Disconnect. Reads only namespace-neutral state.
 */
export default function AccountView(): ReactElement | null {
  const kernel = useKernel()
  const t = useT()
  const tag = useLocaleTag()
  const account = useAccount()
  const { caipNetwork } = useNetwork()
  const features = useSlot('features')
  // Rendered again when a plugin's state changes: a feature's `unavailable` may read it (a
  // plugin learns after the view rendered that its server does not serve the feature).
  useKernelState((state) => state.plugins)
  const tabs = useSlot('accountTabs')
  const address = account.address
  if (!address) return null

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address)
      kernel.snackbar.success(t('account.copied'))
    } catch {
      kernel.snackbar.error(t('account.copyFailed'))
    }
  }
  const balance = formatBalance(account.balance, account.balanceSymbol, tag)
  const explorer = safeLinkUrl(account.addressExplorerUrl)

  return (
    <div className="lk-stack">
      <div className="lk-profile">
        <Avatar address={address} image={account.profileImage} size={64} />
        <div className="lk-name">
          <span data-latchkit="account-name">{account.profileName || truncateAddress(address)}</span>
          <button type="button" className="lk-icon-btn" aria-label={t('account.copy')} onClick={copy}>
            <Icon name="copy" />
          </button>
        </div>
        {balance && (
          <span className="lk-muted" data-latchkit="balance">
            {balance}
          </span>
        )}
        {explorer && (
          <a className="lk-secondary" href={explorer} target="_blank" rel="noopener noreferrer">
            {t('account.explorer')} <Icon name="external" />
          </a>
        )}
      </div>
      <button type="button" className="lk-row" onClick={() => kernel.router.push('Networks')}>
        <NetworkIcon network={caipNetwork} />
        <span className="lk-grow">{caipNetwork?.name ?? t('account.network')}</span>
        <Icon name="chevron" />
      </button>
      {features.map((feature) => {
        const reason = feature.unavailable?.(kernel)
        return (
          <button
            key={feature.id}
            type="button"
            className="lk-row"
            data-feature={feature.id}
            disabled={reason !== undefined}
            onClick={() => kernel.router.push(feature.view)}
          >
            {feature.icon ? <Icon path={feature.icon} size={20} /> : null}
            <span className="lk-grow">
              {t(feature.label)}
              {reason && <small className="lk-muted lk-reason">{reason}</small>}
            </span>
            {!reason && <Icon name="chevron" />}
          </button>
        )
      })}
      {tabs.length > 0 && <AccountTabs tabs={tabs} />}
      <button type="button" className="lk-row" onClick={() => disconnectWithNotice(kernel)}>
        <span className="lk-grow">{t('account.disconnect')}</span>
      </button>
    </div>
  )
}
