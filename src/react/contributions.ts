import type { Kernel, SlotItem } from 'latchkit'
import type { ComponentType } from 'react'

/**
 * The slots the React shell reads, declared on the kernel's `KernelSlots` so that
 * `slots.contribute('features', item)` checks `item`. A plugin adds its own slots the
 * same way.
 */
declare module 'latchkit' {
  interface KernelSlots {
    connectMethods: ConnectMethodContribution
    connectGates: ConnectGateContribution
    connectorTypes: ConnectorTypeContribution
    features: FeatureContribution
    accountTabs: AccountTabContribution
  }
}

/**
 * A way to connect on the Connect view (`connectMethods` slot). With `component` it
 * renders inline (e.g. an email field); otherwise it is a row that pushes `view`. The
 * core contributes `{ id: 'wallet', order: 300 }`: the wallet list, after email (100)
 * and social login (200).
 *
 * @example
 * slots.contribute('connectMethods', { id: 'email', order: 100, label: 'email.cta', component: EmailField })
 */
export interface ConnectMethodContribution extends SlotItem {
  id: string
  /** An i18n key or plain text. */
  label: string
  view?: string
  component?: ComponentType
}

/**
 * Something the visitor must do on the Connect view before any way to connect can be used
 * (`connectGates` slot), such as agreeing to the app's terms. `component` renders above the
 * connect methods; while `blocked(kernel)` gives a reason (text for the visitor), every
 * method below is disabled. Asked again whenever a plugin's state changes, so the reason
 * may come from the plugin's own state. The component should show the reason itself.
 *
 * @example
 * slots.contribute('connectGates', { id: 'terms', component: TermsCheckbox, blocked: () => (agreed() ? undefined : 'Agree to the terms first') })
 */
export interface ConnectGateContribution extends SlotItem {
  id: string
  component: ComponentType
  blocked: (kernel: Kernel) => string | undefined
}

/**
 * A button on the Account view (`features` slot). The built-in features take the orders
 * on-ramp 100, swaps 200, receive 300, send 400.
 *
 * @example
 * slots.contribute('features', { id: 'send', order: 400, label: 'send.title', view: 'Send', icon: 'M7 17L17 7M9 7h8v8' })
 */
export interface FeatureContribution extends SlotItem {
  id: string
  /** An i18n key or plain text. */
  label: string
  /** The view the button pushes. */
  view: string
  /**
   * The button's icon: an SVG path drawn with a 2 px stroke in a 24 x 24 box, e.g.
   * `'M7 17L17 7M9 7h8v8'` (an arrow up and right). Without one the row has no icon.
   */
  icon?: string
  /**
   * Why the feature cannot be used on the account and network in view, as text for the
   * visitor (e.g. where it works instead, or that this app's server does not offer it), or
   * undefined when it can. Asked again whenever a plugin's state changes while the Account view
   * is open, so a reason may come from the plugin's own state (what it learnt from its
   * server); while it gives one the button is disabled and shows it.
   */
  unavailable?: (kernel: Kernel) => string | undefined
}

/**
 * A tab on the Account view (`accountTabs` slot; the core's tokens 100 and nfts 200, then
 * activity 300). Only the selected tab renders; a `React.lazy` component loads on first
 * selection.
 *
 * @example
 * slots.contribute('accountTabs', { id: 'activity', order: 300, label: 'Activity', component: lazy(() => import('./Activity')) })
 */
export interface AccountTabContribution extends SlotItem {
  id: string
  /** An i18n key or plain text. */
  label: string
  component: ComponentType
}

/**
 * A group of the Connect view's wallet list (`connectorTypes` slot): wallets sort by the
 * group of their connector kind, groups by `order`. The core contributes recent (200),
 * injected (300), featured (400), custom (500), external (600) and recommended (700); a
 * WalletConnect plugin contributes walletConnect (100).
 *
 * With `component`, the list renders it at the group's place instead of the group's
 * connectors: a plugin's own rows (e.g. wallets from a registry), as `<li>` elements.
 *
 * @example
 * slots.contribute('connectorTypes', { id: 'walletConnect', order: 100 })
 * slots.contribute('connectorTypes', { id: 'featured', order: 400, component: lazy(() => import('./FeaturedRows')) })
 */
export interface ConnectorTypeContribution extends SlotItem {
  id: string
  /** Rendered in the wallet list at this group's place (inside its `<ul>`, so `<li>` rows). */
  component?: ComponentType
}
