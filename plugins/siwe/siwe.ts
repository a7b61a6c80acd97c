import { definePlugin, type Plugin } from 'latchkit'
import { createSiweController } from './createSiweController'
import { SIWE_PLUGIN_ID, SIWE_VIEW_ID } from './ids'
import { checkOptions, type SiweOptions } from './options'
import { siweStrings } from './strings'
import type { SiweState } from './types'

/**
 * Sign-in with the wallet (EIP-4361): after a wallet connects on a supported
 * network, the ConnectingSiwe view asks the visitor to sign a message; the integrator's
 * verifier checks it and creates the session the host app can trust. Sessions survive a
 * reload, are asked for again when the account or chain changes, and end on disconnect.
 *
 * @example
 * import { createKernel } from 'latchkit'
 * import { siwe, httpVerifier } from 'latchkit/plugins/siwe'
 *
 * const kernel = createKernel({
 *   networks, adapters: [evmAdapter()],
 *   plugins: [siwe({ verifier: httpVerifier('https://api.example'), required: true })],
 * })
 * kernel.bus.on('siwe:signed-in', ({ session }) => console.log('hello', session.address))
 */
export function siwe(options: SiweOptions): Plugin<SiweState> {
  checkOptions(options)
  const required = options.required ?? false
  return definePlugin<SiweState>({
    id: SIWE_PLUGIN_ID,
    initialState: () => ({
      session: undefined,
      status: 'idle',
      error: undefined,
      required,
      unavailable: false,
    }),
    // The plugin ends (and revokes) the session itself on disconnect; a plain reset
    // would lose it before it could be revoked.
    resetOnDisconnect: false,
    setup(ctx) {
      ctx.i18n.register(siweStrings)
      ctx.views.register({
        id: SIWE_VIEW_ID,
        title: 'siwe.title',
        hideBack: true,
        load: () => import('./views/ConnectingSiweView'),
      })
      const { controller, stop } = createSiweController(ctx, options)
      ctx.services.add(SIWE_PLUGIN_ID, controller)
      return stop
    },
  })
}
