import { definePlugin, lazyView, type Plugin } from 'latchkit'
import { onActiveAccountChange } from 'latchkit/internal'
import { SEND_PLUGIN_ID } from './ids'
import { clearSendForm, initialSendState, type SendState } from './state'
import { sendStrings } from './strings'

/**
 * The Send feature: a button on the Account view, the Send and SendPreview views (loaded
 * lazily, each its own chunk) and the send form's state under `plugins.send`. The form
 * clears after a send, when the account or network changes and on disconnect.
 *
 * @example
 * import { send } from 'latchkit/plugins/send'
 * const kernel = createKernel({ networks, adapters: [evmAdapter()], plugins: [send()] })
 */
export function send(): Plugin<SendState> {
  return definePlugin<SendState>({
    id: SEND_PLUGIN_ID,
    initialState: initialSendState,
    setup(ctx) {
      ctx.i18n.register(sendStrings)
      // The views bring their strings along, so they cost nothing until Send is opened.
      ctx.views.register({
        id: 'Send',
        title: 'send.title',
        load: lazyView(ctx, () => import('./views/SendView')),
      })
      ctx.views.register({
        id: 'SendPreview',
        title: 'send.previewTitle',
        load: lazyView(ctx, () => import('./views/SendPreviewView')),
      })
      // Last of the account features (on-ramp 100, swaps 200, receive 300); integrators
      // reorder by id with options.order.features.
      ctx.slots.contribute('features', {
        id: 'send',
        order: 400,
        label: 'send.title',
        view: 'Send',
        // An arrow out, up and to the right.
        icon: 'M7 17L17 7M9 7h8v8',
      })
      // What was typed belongs to one account on one network: a token of chain A must not
      // be offered for a send on chain B.
      onActiveAccountChange(ctx, () => ctx.state.set(clearSendForm))
    },
  })
}
