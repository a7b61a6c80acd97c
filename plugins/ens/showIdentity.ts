import { accountInView } from 'latchkit/internal'
import type { EnsContext } from './ensContext'
import { readIdentity } from './readIdentity'

/**
 * Reads the identity of the EVM account in view and shows it: its name as the account's
 * `profileName` and its avatar as `profileImage` (what it has none of keeps what the
 * account had for this address, else null), unless
 * the account or network changed meanwhile. A failure is logged and changes nothing, so
 * the address stays shown.
 *
 * @example
 * onActiveAccountChange(ctx, () => void showIdentity(context))
 */
export async function showIdentity(context: EnsContext): Promise<void> {
  const { kernel } = context
  const { namespace, address, caipNetworkId } = accountInView(kernel)
  if (namespace !== 'eip155' || !address || !caipNetworkId) return
  try {
    const identity = await readIdentity(context, address, caipNetworkId)
    kernel.store.setState((draft) => {
      // profileName and profileImage are the account's slots for what a names service knows.
      const account = draft.accounts.eip155
      if (account?.address !== address || draft.networks.eip155?.caipNetwork?.caipNetworkId !== caipNetworkId)
        return
      // A name or picture the account already has for this address (a login provider's
      // username, set by its connector) stays when the names service has none.
      account.profileName = identity.name ?? account.profileName ?? null
      account.profileImage = identity.avatar ?? account.profileImage ?? null
    })
  } catch (error) {
    context.logger.warn(`identity of ${address} unavailable; the address is shown`, error)
  }
}
