import type { PluginContext } from 'latchkit'
import { watchServedFeatures } from 'latchkit/internal'
import type { EnsState } from './state'

/**
 * Puts the "Choose a name" button on the Account view while the account in view is an EVM
 * account known to have no name (its identity was read and named none: `profileName` is
 * null), and takes it away otherwise: after a name is registered, on another account,
 * while the identity is unknown, or once the Blockchain API says it registers no names
 * (`GET /v1/features`): a flow that could only fail is not offered. Its subscriptions and
 * button are registered through `ctx`, so the kernel removes them with the plugin.
 *
 * @example
 * offerNameFeature(ctx)
 */
export function offerNameFeature(ctx: PluginContext<EnsState>): void {
  let remove: (() => void) | undefined
  // Until the API says otherwise, names are taken to be registered there.
  let registers = true
  const update = () => {
    const state = ctx.store.getState()
    const account = state.accounts.eip155
    const wanted =
      registers && state.activeNamespace === 'eip155' && !!account?.address && account.profileName === null
    if (wanted && !remove) {
      // After the built-in features (on-ramp 100 ... send 400).
      remove = ctx.slots.contribute('features', {
        id: 'ens',
        order: 500,
        label: 'ens.chooseName',
        view: 'RegisterAccountName',
        // An at sign.
        icon: 'M16 12a4 4 0 1 1-8 0 4 4 0 0 1 8 0zm0 0v1.5a2.5 2.5 0 0 0 5 0V12a9 9 0 1 0-4 7.5',
      })
    } else if (!wanted && remove) {
      remove()
      remove = undefined
    }
  }
  update()
  ctx.store.subscribe(update)
  watchServedFeatures(ctx, (served) => {
    registers = served.names !== false
    update()
  })
}
