/**
 * Wallet Standard discovery: every wallet in the page's registry that speaks Solana and
 * `standard:connect` becomes an ANNOUNCED connector of the solana namespace, whenever it
 * registers; it is removed when it unregisters.
 */
import type { ConnectorRegistry, Logger, Network } from 'latchkit'
import { parseWalletInfo, walletConnectorId } from './walletInfo'
import type { StandardWallet, StandardWallets } from './walletStandard'
import { walletStandardConnector } from './walletStandardConnector'

export interface StartDiscoveryParameters {
  /** The wallet registry: `getWallets()` from `@wallet-standard/app`, or a test double. */
  wallets: StandardWallets
  connectors: ConnectorRegistry
  logger: Logger
  /** The app's Solana networks, read when a wallet connects. */
  networks: () => readonly Network[]
}

/**
 * Lists the wallets already registered and follows later (un)registrations. Returns the
 * teardown, which stops listening and removes every connector it added.
 *
 * @example
 * const stop = startDiscovery({ wallets: getWallets(), connectors: kernel.connectors, logger, networks: () => kernel.networks('solana') })
 */
export function startDiscovery({
  wallets,
  connectors,
  logger,
  networks,
}: StartDiscoveryParameters): () => void {
  /** wallet object -> the function that unregisters its connector. */
  const added = new Map<StandardWallet, () => void>()

  const add = (wallet: StandardWallet) => {
    if (added.has(wallet)) return
    let info: ReturnType<typeof parseWalletInfo>
    try {
      info = parseWalletInfo(wallet)
    } catch (error) {
      const { details, data } = error as { details?: string; data?: { issues?: { path: string }[] } }
      const message = `ignored a Wallet Standard wallet: ${details ?? String(error)}`
      // Wallets of other chains (no solana: chain or no standard:connect) belong to
      // someone else's registry view and are expected; a bad name or icon is suspicious.
      const otherChain = data?.issues?.every((issue) => issue.path === 'chains' || issue.path === 'features')
      if (otherChain) logger.debug(message)
      else logger.warn(message)
      return
    }
    const id = walletConnectorId(info.name)
    if (connectors.has(id)) {
      // Two wallets with one name (a second extension, a copycat): the first one keeps it.
      logger.warn(`ignored a second Wallet Standard wallet named "${info.name}"`)
      return
    }
    const remove = connectors.register(
      walletStandardConnector({ wallet, id, name: info.name, icon: info.icon, networks }),
    )
    added.set(wallet, remove)
  }

  const remove = (wallet: StandardWallet) => {
    added.get(wallet)?.()
    added.delete(wallet)
  }

  const offRegister = wallets.on('register', (...registered) => {
    for (const wallet of registered) add(wallet)
  })
  const offUnregister = wallets.on('unregister', (...unregistered) => {
    for (const wallet of unregistered) remove(wallet)
  })
  for (const wallet of wallets.get()) add(wallet)

  return () => {
    offRegister()
    offUnregister()
    for (const unregister of added.values()) unregister()
    added.clear()
  }
}
