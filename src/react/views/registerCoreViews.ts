import type { Kernel, ViewDefinition } from 'latchkit'
import { registerAccountTabs } from './tabs/registerAccountTabs'

// Connect, ConnectingExternal and Account come from the one module of the first open.
const firstOpen = () => import('./firstOpen')

const coreViews: readonly ViewDefinition[] = [
  {
    id: 'Connect',
    title: 'connect.title',
    load: () => firstOpen().then((m) => ({ default: m.ConnectView })),
  },
  {
    id: 'ConnectingExternal',
    title: 'connectingExternal.title',
    load: () => firstOpen().then((m) => ({ default: m.ConnectingExternalView })),
  },
  { id: 'UnsupportedChain', title: 'unsupportedChain.title', load: () => import('./UnsupportedChainView') },
  { id: 'Networks', title: 'networks.title', load: () => import('./NetworksView') },
  {
    id: 'Account',
    title: 'account.title',
    load: () => firstOpen().then((m) => ({ default: m.AccountView })),
  },
]

/**
 * The wallet list's groups: recently used wallets first, then those the browser announced,
 * then the integrator's featured and custom ones, then the rest. A WalletConnect plugin
 * adds its group at 100, ahead of them all.
 */
const coreWalletGroups = [
  { id: 'recent', order: 200 },
  { id: 'injected', order: 300 },
  { id: 'featured', order: 400 },
  { id: 'custom', order: 500 },
  { id: 'external', order: 600 },
  { id: 'recommended', order: 700 },
]

const registered = new WeakSet<Kernel>()

/**
 * Registers the core views (Connect, ConnectingExternal, UnsupportedChain, Networks,
 * Account), the wallet list as the `wallet` connect method and its groups. Once per kernel; a view id
 * a plugin already registered is left alone, so plugins can replace a core view.
 * `<LatchProvider>` calls it.
 *
 * @example
 * registerCoreViews(kernel)
 * kernel.open() // Connect
 */
export function registerCoreViews(kernel: Kernel): void {
  if (registered.has(kernel)) return
  registered.add(kernel)
  for (const view of coreViews) {
    if (!kernel.views.has(view.id)) kernel.views.register(view)
  }
  if (!kernel.slots.list('connectMethods').some((method) => method.id === 'wallet')) {
    kernel.slots.contribute('connectMethods', { id: 'wallet', order: 300, label: 'connect.wallets' })
  }
  const groups = new Set(kernel.slots.list('connectorTypes').map((group) => group.id))
  for (const group of coreWalletGroups) {
    if (!groups.has(group.id)) kernel.slots.contribute('connectorTypes', group)
  }
  registerAccountTabs(kernel)
}
