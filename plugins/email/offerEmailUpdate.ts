import type { PluginContext } from 'latchkit'
import { EMAIL_VIEWS } from './ids'

/**
 * Puts "Update email" on the Account view while the account in view is logged in by
 * email through the embedded wallet (an AUTH connection whose user has an email), and
 * takes it away otherwise. Its subscription and button are registered through `ctx`, so
 * the kernel removes them with the plugin.
 *
 * @example
 * offerEmailUpdate(ctx)
 */
export function offerEmailUpdate(ctx: PluginContext<undefined>): void {
  let remove: (() => void) | undefined
  const update = () => {
    const state = ctx.store.getState()
    const account = state.activeNamespace ? state.accounts[state.activeNamespace] : undefined
    const wanted = account?.connectedWalletInfo?.type === 'AUTH' && !!account.user?.email
    if (wanted && !remove) {
      // After the built-in features (on-ramp 100 ... names 500).
      remove = ctx.slots.contribute('features', {
        id: 'email-update',
        order: 600,
        label: 'email.update.title',
        view: EMAIL_VIEWS.update,
        // An envelope.
        icon: 'M4 6h16v12H4zM4 7l8 6 8-6',
      })
    } else if (!wanted && remove) {
      remove()
      remove = undefined
    }
  }
  update()
  ctx.store.subscribe(update)
}
