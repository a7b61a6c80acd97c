'use client'
import { type KeyboardEvent, type ReactElement, Suspense, useId } from 'react'
import type { AccountTabContribution } from '../contributions'
import { useAccount, useKernel, useLocaleDirection, useT, ViewSkeleton } from './kit'

/**
 * The `accountTabs` slot as a tab list (Tokens, NFTs, Activity by default). The kernel's
 * `account.currentTab` selects; only the selected tab's component renders.
 */
export function AccountTabs({ tabs }: { tabs: readonly AccountTabContribution[] }): ReactElement {
  const kernel = useKernel()
  const t = useT()
  const dir = useLocaleDirection()
  const baseId = useId()
  const { namespace, currentTab } = useAccount()
  const selected = Math.min(Math.max(currentTab, 0), tabs.length - 1)
  const tab = tabs[selected]

  const select = (index: number) => {
    kernel.store.setState((draft) => {
      const account = namespace ? draft.accounts[namespace] : undefined
      if (account) account.currentTab = index
    })
  }
  // WAI-ARIA tabs: arrows move between tabs, the way the line of text runs (under rtl,
  // ArrowLeft is the next tab).
  const onKeyDown = (event: KeyboardEvent) => {
    const right = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (!right) return
    const step = dir === 'rtl' ? -right : right
    event.preventDefault()
    const next = (selected + step + tabs.length) % tabs.length
    select(next)
    const list = event.currentTarget as HTMLElement
    list.querySelectorAll<HTMLElement>('[role=tab]')[next]?.focus()
  }

  return (
    <div>
      <div className="lk-tabs" role="tablist" onKeyDown={onKeyDown}>
        {tabs.map((item, index) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            className="lk-tab"
            id={`${baseId}-tab-${index}`}
            aria-selected={index === selected}
            aria-controls={`${baseId}-panel`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => select(index)}
          >
            {t(item.label)}
          </button>
        ))}
      </div>
      {tab && (
        <div
          role="tabpanel"
          id={`${baseId}-panel`}
          aria-labelledby={`${baseId}-tab-${selected}`}
          data-tab={tab.id}
        >
          <Suspense fallback={<ViewSkeleton />}>
            <tab.component />
          </Suspense>
        </div>
      )}
    </div>
  )
}
