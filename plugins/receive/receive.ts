import { definePlugin, lazyView, type Plugin } from 'latchkit'
import { RECEIVE_PLUGIN_ID } from './ids'
import { receiveStrings } from './strings'

/**
 * The Receive feature: a button on the Account view and the Receive view (loaded lazily,
 * its own chunk): the address as a QR code, copy with confirmation, and the networks the
 * address can receive on. It keeps no state.
 *
 * @example
 * import { receive } from 'latchkit/plugins/receive'
 * const kernel = createKernel({ networks, adapters: [evmAdapter()], plugins: [receive()] })
 */
export function receive(): Plugin<undefined> {
  return definePlugin({
    id: RECEIVE_PLUGIN_ID,
    setup(ctx) {
      ctx.i18n.register(receiveStrings)
      ctx.views.register({
        id: 'Receive',
        title: 'receive.title',
        // The view brings its strings along, so they cost nothing until Receive is opened.
        load: lazyView(ctx, () => import('./views/ReceiveView')),
      })
      ctx.slots.contribute('features', {
        id: RECEIVE_PLUGIN_ID,
        // After on-ramp (100) and swaps (200), before send (400).
        order: 300,
        label: 'receive.title',
        view: 'Receive',
        // An arrow in, down and to the left.
        icon: 'M17 7L7 17M15 17H7V9',
      })
    },
  })
}
