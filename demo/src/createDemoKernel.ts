/**
 * The demo's kernel: the two local chains and the local Solana endpoint, the EVM and Solana
 * adapters, the buy, send, receive, activity, swap and names features, the wallet
 * registry (featured wallets and All wallets), analytics to the
 * local collector, WalletConnect through the local relay, email and social login onto the
 * embedded wallet of the local frame service, and the app's metadata.
 * This is the whole integration; everything else on the page is the app itself.
 */
import { createKernel, type Kernel } from 'latchkit'
import { evmAdapter } from 'latchkit/adapters/evm'
import { solanaAdapter } from 'latchkit/adapters/solana'
import { localChain, localSolana } from 'latchkit/networks'
import { analytics } from 'latchkit/plugins/analytics'
import { email } from 'latchkit/plugins/email'
import { embeddedWallet } from 'latchkit/plugins/embedded-wallet'
import { ens } from 'latchkit/plugins/ens'
import { farcaster } from 'latchkit/plugins/farcaster'
import { history } from 'latchkit/plugins/history'
import { legalCheckbox } from 'latchkit/plugins/legal-checkbox'
import { onramp } from 'latchkit/plugins/onramp'
import { receive } from 'latchkit/plugins/receive'
import { send } from 'latchkit/plugins/send'
import { httpVerifier, siwe } from 'latchkit/plugins/siwe'
import { social } from 'latchkit/plugins/social'
import { swaps } from 'latchkit/plugins/swaps'
import { walletConnect } from 'latchkit/plugins/walletconnect'
import { wallets } from 'latchkit/plugins/wallets'
import { switchedOn } from './demoSwitches'
import { DEMO_PROJECT_ID, type DevstackConfig } from './devstackConfig'

export const DEMO_APP_NAME = 'Latch Demo'

/**
 * @example
 * const kernel = createDemoKernel(config)
 */
export function createDemoKernel(
  config: Pick<DevstackConfig, 'networks' | 'api' | 'solana' | 'relayUrl' | 'embeddedWallet'>,
): Kernel {
  const evmNetworks = config.networks.map((chain) => localChain(chain.chainId, chain.rpcUrl, chain.name))
  const { solana } = config
  return createKernel({
    // EVM first: the demo starts on Latch Local 31337; Solana is one pick away in the network list.
    networks: solana
      ? [...evmNetworks, localSolana(solana.rpcUrl, solana.genesisHash, solana.name)]
      : evmNetworks,
    adapters: solana ? [evmAdapter(), solanaAdapter()] : [evmAdapter()],
    plugins: [
      // Buy through the devstack's two local ramps (test cards, delivery on anvil).
      onramp(),
      send(),
      receive(),
      history(),
      // Swaps through the Uniswap V2 the devstack deploys, offered on the first local chain
      // only, so a person can also see what the widget says on a network without swaps.
      swaps({ chains: config.networks.slice(0, 1).map((chain) => `eip155:${chain.chainId}` as const) }),
      // Names from the ENS the devstack deploys (alice.eth is the first dev account); new
      // ones are registered under latch.id by the local API's names service.
      ens(),
      // The wallet registry of the local API: Rainbow and Zerion featured (ids of the
      // fixture registry), four recommended, and All wallets with search.
      wallets({
        featuredWalletIds: [
          '10727c4dff9a8e31b6f5ad01058acfbd63d3f859416a191d3ac1f7f89e771e9b',
          'e2033aed466efff0d1406a67945f2e4b3124797b5d5c4e15a624715ee112b34b',
        ],
      }),
      // The connect funnel, counted by the local API's collector (never a vendor's).
      ...(config.api ? [analytics({ endpoint: `${config.api.url}/v1/analytics/events` })] : []),
      // Sign-in with the wallet, checked and kept by the API server's /siwe/* routes; only
      // when the visitor turned it on (demoSwitches.ts says why it is not on by default).
      ...(config.api && switchedOn('sign-in') ? [siwe({ verifier: httpVerifier(config.api.url) })] : []),
      // "I agree to the Terms of Service and Privacy Policy" before any way to connect, when
      // the visitor turned it on; the documents are the demo's own pages.
      ...(switchedOn('legal-checkbox')
        ? [
            legalCheckbox({
              termsConditionsUrl: `${window.location.origin}/terms.html`,
              privacyPolicyUrl: `${window.location.origin}/privacy.html`,
            }),
          ]
        : []),
      // Phone wallets by QR code or link, through the devstack's own relay (no vendor's):
      // the dev mobile wallet on its own origin plays the phone.
      ...(config.relayUrl ? [walletConnect({ relayUrl: config.relayUrl })] : []),
      // A wallet for visitors who have none: an email, the code from the devstack's mailbox,
      // and keys made in the frame service's page (its own origin), split so no server holds them.
      ...(config.embeddedWallet
        ? [
            embeddedWallet({ frameUrl: config.embeddedWallet.frameUrl, projectId: DEMO_PROJECT_ID }),
            email(),
            // Social accounts through the devstack's local providers (a dev user picked in their window).
            social(),
            // Sign In With Farcaster through the devstack's relay, approved in the dev Farcaster app.
            ...(config.embeddedWallet.farcasterAppUrl ? [farcaster()] : []),
          ]
        : []),
    ],
    // Balances, prices, NFTs and the wallet registry come from the devstack's API server.
    ...(config.api && {
      projectId: DEMO_PROJECT_ID,
      api: { blockchainUrl: config.api.url, walletsUrl: config.api.url },
    }),
    metadata: {
      name: DEMO_APP_NAME,
      description: 'Latchkit connected to local anvil chains and a local Solana endpoint',
      url: window.location.origin,
      icons: [],
    },
    // Warnings too, so a rejected wallet announcement shows up in the browser console.
    logger: { level: 'warn' },
  })
}
