import {
  ADDRESS_NAMER_SERVICE,
  type AddressNamer,
  definePlugin,
  lazyView,
  NAME_RESOLVER_SERVICE,
  type NameResolver,
  type Plugin,
} from 'latchkit'
import { loadModule, onActiveAccountChange } from 'latchkit/internal'
import { createEnsCaches, identityKey } from './ensCaches'
import type { EnsContext } from './ensContext'
import { ENS_PLUGIN_ID } from './ids'
import { offerNameFeature } from './offerNameFeature'
import { type EnsOptions, settingsOf } from './options'
import type { EnsState } from './state'
import { ensStrings } from './strings'

/** A name has a dot (`alice.eth`); anything else is not looked up. */
const looksLikeName = (text: string) => /^[^\s.]+(\.[^\s.]+)+$/.test(text)

/**
 * Names (ENS) for EVM accounts, through the Blockchain API's identity and profile
 * endpoints:
 * - the connected account's name and avatar (`GET /v1/identity/{address}`, kept 5
 *   minutes) as its `profileName` and `profileImage`, which the account button and view show;
 * - the `nameResolver` service (name to address: the send view's receiver) and the
 *   `addressNamer` service (address to name: the send view and the activity list);
 * - a "Choose a name" button on the Account view for an EVM account without a name, and
 *   the RegisterAccountName and RegisterAccountNameSuccess views: a label, suggestions as
 *   it is typed, then `<label>.<zone>` registered with a signed message.
 * Without `api.blockchainUrl` it does nothing (and says so in the log).
 *
 * @example
 * import { ens } from 'latchkit/plugins/ens'
 * createKernel({ networks, adapters: [evmAdapter()], plugins: [ens({ zone: 'latch.id' })], api, projectId })
 */
export function ens(options: EnsOptions = {}): Plugin<EnsState> {
  const settings = settingsOf(options)
  return definePlugin<EnsState>({
    id: ENS_PLUGIN_ID,
    initialState: () => ({ settings }),
    setup(ctx) {
      if (!ctx.api.url('blockchain')) {
        ctx.logger.warn('names are off: they need the Blockchain API (options.api.blockchainUrl)')
        return
      }
      ctx.i18n.register(ensStrings)
      const context: EnsContext = { kernel: ctx.kernel, caches: createEnsCaches(), logger: ctx.logger }
      const lookups = () => loadModule(() => import('./lookups'), 'the names lookups')
      const resolve: NameResolver = async (name, namespace) => {
        const typed = name.trim()
        if (namespace !== 'eip155' || !looksLikeName(typed)) return undefined
        return (await lookups()).resolveName(context, typed)
      }
      const nameOf: AddressNamer = async (address, namespace) => {
        if (namespace !== 'eip155') return undefined
        try {
          return await (await lookups()).nameOfAddress(context, address)
        } catch (error) {
          ctx.logger.warn('Error fetching names for address', error)
          return undefined
        }
      }
      const showIdentity = () =>
        void lookups().then(
          (module) => module.showIdentity(context),
          (error: unknown) => ctx.logger.warn('identity unavailable; the address is shown', error),
        )
      ctx.views.register({
        id: 'RegisterAccountName',
        title: 'ens.chooseName',
        load: lazyView(ctx, () => import('./views/RegisterAccountNameView')),
      })
      ctx.views.register({
        id: 'RegisterAccountNameSuccess',
        title: 'ens.successTitle',
        hideBack: true,
        load: lazyView(ctx, () => import('./views/RegisterAccountNameSuccessView')),
      })
      ctx.services.add(NAME_RESOLVER_SERVICE, resolve)
      ctx.services.add(ADDRESS_NAMER_SERVICE, nameOf)
      onActiveAccountChange(ctx, showIdentity)
      ctx.bus.on('ens:registered', ({ name, address }) => {
        // What was kept about the address and the name is out of date now.
        for (const network of ctx.kernel.networks('eip155'))
          context.caches.identities.delete(identityKey(address, network.caipNetworkId))
        context.caches.profiles.delete(name.toLowerCase())
        ctx.store.setState((draft) => {
          const account = draft.accounts.eip155
          if (account?.address?.toLowerCase() === address.toLowerCase()) account.profileName = name
        })
      })
      offerNameFeature(ctx)
      showIdentity()
    },
  })
}
