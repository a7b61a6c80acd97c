import type { KernelServices } from './kernelTypes'

/**
 * Calls `run` when the active account really changes: another CAIP-10 id (another address,
 * the same one on another network, or none). Wallets repeat `accountsChanged` with the same
 * account; those change nothing, so a form the visitor filled is not cleared by them.
 * Returns the function that stops listening.
 *
 * @example
 * const off = onActiveAccountChange(ctx, () => ctx.state.set(clearSendForm))
 */
export function onActiveAccountChange(
  services: Pick<KernelServices, 'bus' | 'store'>,
  run: () => void,
): () => void {
  const activeAccount = () => {
    const state = services.store.getState()
    return state.activeNamespace ? state.accounts[state.activeNamespace]?.caipAddress : undefined
  }
  let seen = activeAccount()
  const check = () => {
    const now = activeAccount()
    if (now === seen) return
    seen = now
    run()
  }
  const offs = [services.bus.on('account:changed', check), services.bus.on('network:changed', check)]
  return () => {
    for (const off of offs) off()
  }
}
