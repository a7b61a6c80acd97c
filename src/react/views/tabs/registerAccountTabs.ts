import type { Kernel } from 'latchkit'
import { lazy } from 'react'
import type { AccountTabContribution } from '../../contributions'
import { tabStrings } from './tabStrings'

// Loaded on first selection: a kernel that never opens the Account view never loads them.
// Tokens, the tab the Account view opens on, comes with it in the module of the first open.
const TokensTab = lazy(() => import('../firstOpen').then((m) => ({ default: m.TokensTab })))
const NftsTab = lazy(() => import('./NftsTab'))

/**
 * Contributes the Tokens and NFTs tabs to the `accountTabs` slot
 * and their English strings. A tab id a plugin already contributed is left alone, so a
 * plugin can replace either. Called by `registerCoreViews`.
 *
 * @example
 * registerAccountTabs(kernel)
 * kernel.slots.list('accountTabs').map((tab) => tab.id) // ['tokens', 'nfts', ...]
 */
export function registerAccountTabs(kernel: Kernel): void {
  kernel.i18n.register(tabStrings)
  const existing = new Set(kernel.slots.list('accountTabs').map((tab) => tab.id))
  const tabs: AccountTabContribution[] = [
    { id: 'tokens', order: 100, label: 'tabs.tokens', component: TokensTab },
    { id: 'nfts', order: 200, label: 'tabs.nfts', component: NftsTab },
  ]
  for (const tab of tabs) if (!existing.has(tab.id)) kernel.slots.contribute('accountTabs', tab)
}
