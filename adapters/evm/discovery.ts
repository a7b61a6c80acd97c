/**
 * Browser-wallet discovery: EIP-6963 announcements become ANNOUNCED connectors, and a
 * legacy `window.ethereum` becomes the INJECTED connector when no announcement carries
 * the same provider object.
 */
import type { ConnectorRegistry, Logger } from 'latchkit'
import { parseAnnouncement } from './announcement'
import { eip1193Connector } from './eip1193Connector'
import { type Eip1193Provider, isEip1193Provider } from './provider'

/** What discovery needs of `window`; tests pass an EventTarget. */
export interface DiscoveryWindow {
  addEventListener(type: string, listener: (event: Event) => void): void
  removeEventListener(type: string, listener: (event: Event) => void): void
  dispatchEvent(event: Event): boolean
  ethereum?: unknown
}

export interface StartDiscoveryParameters {
  window: DiscoveryWindow
  connectors: ConnectorRegistry
  logger: Logger
  /** Register `window.ethereum` as the INJECTED connector. Default true. */
  injected?: boolean
}

/** Id of the connector for a legacy `window.ethereum`. */
export const INJECTED_CONNECTOR_ID = 'injected'

/**
 * Starts listening for EIP-6963 announcements (at any time, so late wallets are found),
 * asks the wallets already present to announce, and checks `window.ethereum` one
 * macrotask later. Returns the teardown, which removes listeners and connectors.
 *
 * @example
 * const stop = startDiscovery({ window, connectors: kernel.connectors, logger: kernel.logger })
 */
export function startDiscovery(parameters: StartDiscoveryParameters): () => void {
  const { window: target, connectors, logger, injected = true } = parameters
  /** rdns -> the announced provider and the function that unregisters its connector. */
  const announced = new Map<string, { provider: Eip1193Provider; remove: () => void }>()
  let injectedConnector: { provider: Eip1193Provider; remove: () => void } | undefined

  const isAnnounced = (provider: unknown) =>
    [...announced.values()].some((entry) => entry.provider === provider)

  const onAnnounce = (event: Event) => {
    let announcement: ReturnType<typeof parseAnnouncement>
    try {
      announcement = parseAnnouncement((event as CustomEvent<unknown>).detail)
    } catch (error) {
      logger.warn(
        `ignored an EIP-6963 announcement: ${(error as { details?: string }).details ?? String(error)}`,
      )
      return
    }
    const { info, provider } = announcement
    if (announced.has(info.rdns) || connectors.has(info.rdns)) {
      // Wallets re-announce on every requestProvider, and a second extension may claim
      // the same rdns: the first one found keeps it.
      logger.debug(`ignored a second EIP-6963 announcement for ${info.rdns}`)
      return
    }
    const remove = connectors.register(
      eip1193Connector({
        provider,
        id: info.rdns,
        name: info.name,
        icon: info.icon,
        rdns: info.rdns,
        uuid: info.uuid,
        type: 'ANNOUNCED',
      }),
    )
    announced.set(info.rdns, { provider, remove })
    if (injectedConnector?.provider === provider) {
      // The legacy object turned out to be this announced wallet: list it once.
      injectedConnector.remove()
      injectedConnector = undefined
    }
  }

  const checkInjected = () => {
    const provider = target.ethereum
    if (!injected || injectedConnector || !isEip1193Provider(provider) || isAnnounced(provider)) return
    injectedConnector = {
      provider,
      remove: connectors.register(
        eip1193Connector({ provider, id: INJECTED_CONNECTOR_ID, name: 'Browser Wallet', type: 'INJECTED' }),
      ),
    }
  }

  target.addEventListener('eip6963:announceProvider', onAnnounce)
  // Legacy wallets that inject late fire this once window.ethereum is set.
  target.addEventListener('ethereum#initialized', checkInjected)
  target.dispatchEvent(new Event('eip6963:requestProvider'))
  // Wallets answer requestProvider synchronously, so one macrotask later every wallet
  // already on the page has announced and `window.ethereum` can be compared against them.
  const timer = setTimeout(checkInjected, 0)

  return () => {
    clearTimeout(timer)
    target.removeEventListener('eip6963:announceProvider', onAnnounce)
    target.removeEventListener('ethereum#initialized', checkInjected)
    for (const entry of announced.values()) entry.remove()
    announced.clear()
    injectedConnector?.remove()
    injectedConnector = undefined
  }
}
