// What bench/apps/latchkit-full.tsx is configured with: the local services bench/fullServices.ts
// starts, handed to the page in its `?services=` query (JSON), and each plugin's options
// made from them, as an integrator configures the plugins against their own endpoints.

/** The local services, as the page's `?services=` carries them. */
export interface FullAppServices {
  chainId: number
  rpcUrl: string
  /** The local API server: balances, wallet registry, analytics collector, sign-in. */
  apiUrl: string
  /** The WalletConnect relay (ws://). */
  relayUrl: string
  /** The embedded wallet's frame service. */
  frameUrl: string
  projectId: string
}

/** The services from a page's query string, or undefined when it names none. */
export function readServices(search: string): FullAppServices | undefined {
  const raw = new URLSearchParams(search).get('services')
  return raw ? (JSON.parse(raw) as FullAppServices) : undefined
}

/**
 * The options for the plugin in folder `name` (undefined: its defaults). `helpers` are the
 * plugin's other exports the bench imports with it (bench/pluginModule.ts), e.g. siwe's
 * `httpVerifier`.
 */
export function pluginOptions(
  name: string,
  services: FullAppServices,
  helpers: Readonly<Record<string, unknown>>,
): unknown {
  switch (name) {
    case 'analytics':
      return { endpoint: `${services.apiUrl}/v1/analytics/events` }
    case 'embedded-wallet':
      return { frameUrl: services.frameUrl, projectId: services.projectId }
    case 'siwe':
      return { verifier: (helpers.httpVerifier as (baseUrl: string) => unknown)(services.apiUrl) }
    case 'swaps':
      return { chains: [`eip155:${services.chainId}`] }
    case 'walletconnect':
      return { relayUrl: services.relayUrl }
    default:
      return undefined
  }
}
