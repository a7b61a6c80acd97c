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

const registered = new WeakSet<Kernel>()

/**
 * Registers the core views (Connect, ConnectingExternal, UnsupportedChain, Networks,
 * Account) and the wallet list as the `wallet` connect method. Once per kernel; a view id
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
    kernel.slots.contribute('connectMethods', { id: 'wallet', label: 'connect.wallets' })
  }
  registerAccountTabs(kernel)
}
