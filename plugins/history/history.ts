import { definePlugin, lazyView, type Plugin } from 'latchkit'
import { accountInView, watchServedFeatures } from 'latchkit/internal'
import { lazy } from 'react'
import { HISTORY_PLUGIN_ID } from './ids'
import { HISTORY_PENDING_LIMIT, type HistoryState, initialHistoryState } from './state'
import { historyStrings } from './strings'

/**
 * The Activity feature: an Activity tab on the Account view and an Activity view (both
 * loaded lazily), listing the account's transactions on the network in view from the
 * history API, grouped by year and month, newest first, in pages as the visitor scrolls.
 * Transactions sent from this widget (any plugin's `sendTransaction`) show at the top as
 * pending until the API lists them. State under `plugins.history`; the list starts afresh
 * when the account or network changes. When the API says it keeps no history (a server
 * without an index), the tab is not shown.
 *
 * @example
 * import { history } from 'latchkit/plugins/history'
 * const kernel = createKernel({ networks, adapters: [evmAdapter()], plugins: [history()], api })
 */
export function history(): Plugin<HistoryState> {
  return definePlugin<HistoryState>({
    id: HISTORY_PLUGIN_ID,
    initialState: initialHistoryState,
    setup(ctx) {
      ctx.i18n.register(historyStrings)
      // The list and its strings load on first selection of the tab or view: an app whose
      // visitors never look at their activity never downloads them.
      const ActivityTab = lazy(lazyView(ctx, () => import('./views/ActivityTab')))
      // What was read belongs to one account on one network; pending transactions stay
      // (each names its network) until they are mined or the wallet disconnects.
      // Wallets repeat accountsChanged with the same account: only a real change counts.
      const startAfresh = () => {
        const { address, caipNetworkId } = accountInView(ctx.kernel)
        const read = ctx.state.get()
        if (read.lastAccountInView === address && read.lastNetworkInView === caipNetworkId) return
        ctx.state.set((state) => {
          const { pending } = state
          Object.assign(state, initialHistoryState(), { pending })
        })
      }
      ctx.views.register({
        id: 'Activity',
        title: 'history.title',
        load: lazyView(ctx, () => import('./views/ActivityView')),
      })
      // After the core's tokens (100) and NFTs (200); taken away while the API says it keeps
      // no history (`GET /v1/features`), where the tab could only ever be empty.
      const offerTab = () =>
        ctx.slots.contribute('accountTabs', {
          id: 'activity',
          order: 300,
          label: 'history.tab',
          component: ActivityTab,
        })
      let removeTab: (() => void) | undefined = offerTab()
      watchServedFeatures(ctx, (served) => {
        if (served.history === false) {
          removeTab?.()
          removeTab = undefined
        } else removeTab ??= offerTab()
      })
      ctx.bus.on('account:changed', startAfresh)
      ctx.bus.on('network:changed', startAfresh)
      ctx.bus.on('tx:sent', ({ hash, caipNetworkId, from, to, summary }) =>
        ctx.state.set((state) => {
          if (state.pending.some((pending) => pending.hash === hash)) return
          state.pending = [
            { hash, caipNetworkId, from, to, sentAt: Date.now(), ...(summary && { summary }) },
            ...state.pending,
          ].slice(0, HISTORY_PENDING_LIMIT)
        }),
      )
    },
  })
}
