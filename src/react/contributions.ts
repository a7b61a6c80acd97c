import type { SlotItem } from 'latchkit'
import type { ComponentType } from 'react'

/**
 * A way to connect on the Connect view (`connectMethods` slot; SPEC §1 order email,
 * social, wallet). With `component` it renders inline (e.g. an email field); otherwise
 * it is a row that pushes `view`. The core contributes `{ id: 'wallet' }`: the wallet list.
 *
 * @example
 * slots.contribute('connectMethods', { id: 'email', label: 'email.cta', component: EmailField })
 */
export interface ConnectMethodContribution extends SlotItem {
  id: string
  /** An i18n key or plain text. */
  label: string
  view?: string
  component?: ComponentType
}

/**
 * A button on the Account view (`features` slot; SPEC §1 order onramp, swaps, receive, send).
 *
 * @example
 * slots.contribute('features', { id: 'send', label: 'send.title', view: 'Send' })
 */
export interface FeatureContribution extends SlotItem {
  id: string
  /** An i18n key or plain text. */
  label: string
  /** The view the button pushes. */
  view: string
}

/**
 * A tab on the Account view (`accountTabs` slot; order tokens, nfts, activity). Only the
 * selected tab renders; a `React.lazy` component loads on first selection.
 *
 * @example
 * slots.contribute('accountTabs', { id: 'tokens', label: 'Tokens', component: lazy(() => import('./Tokens')) })
 */
export interface AccountTabContribution extends SlotItem {
  id: string
  /** An i18n key or plain text. */
  label: string
  component: ComponentType
}
