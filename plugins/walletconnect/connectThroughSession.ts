import { connect, type Kernel, type RegistryWallet } from 'latchkit'
import { connectorIdFor, WALLETCONNECT_VIEW_ID } from './ids'
import type { SessionManager } from './sessionManager'

/**
 * Pairs (the view shows the code), then connects every chain family the wallet approved
 * in the kernel, so one scan gives the app both its EVM and its Solana account. A wallet
 * picked from the registry becomes a recent wallet. Closes the modal if the pairing view
 * is still on top. Failures are in `sessions.pairing` for the view; they never reject.
 *
 * @example
 * void connectThroughSession(kernel, sessions, wallet)
 */
export async function connectThroughSession(
  kernel: Kernel,
  sessions: SessionManager,
  wallet?: RegistryWallet,
): Promise<void> {
  let session: Awaited<ReturnType<SessionManager['pair']>>
  try {
    session = await sessions.pair(wallet)
  } catch {
    return
  }
  // The family the app shows now connects last, so it stays the active one.
  const active = kernel.getState().activeNamespace
  const families = Object.keys(session.namespaces)
    .filter((namespace) => kernel.connectors.has(connectorIdFor(namespace)))
    .sort((a, b) => Number(a === active) - Number(b === active))
  for (const namespace of families) {
    try {
      await connect(kernel, { connectorId: connectorIdFor(namespace) })
      if (wallet) {
        kernel.storage.addRecentWallet({
          id: wallet.id,
          name: wallet.name,
          chain: namespace,
          ...(wallet.rdns ? { rdns: wallet.rdns } : {}),
        })
      }
    } catch (error) {
      kernel.logger.warn(`WalletConnect: connecting ${namespace} failed`, error)
    }
  }
  if (kernel.router.current()?.view === WALLETCONNECT_VIEW_ID) kernel.close()
}
