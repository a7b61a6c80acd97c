import { readFileSync } from 'node:fs'
import { createKernel, type Network } from 'latchkit'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

const mainnet: Network = {
  id: 1,
  name: 'Ethereum',
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:1',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpc.invalid/1'] } },
}

/** Every entry the package exports, as an app imports it. */
const exportsField = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
  .exports as Record<string, unknown>
const entries = Object.keys(exportsField)
  .filter((key) => key !== './package.json')
  .map((key) => (key === '.' ? 'latchkit' : `latchkit/${key.slice(2)}`))

describe('server-side rendering', () => {
  it('runs without a DOM', () => {
    expect(typeof window).toBe('undefined')
    expect(typeof document).toBe('undefined')
  })

  it('every module of latchkit/react imports on the server', async () => {
    const react = await import('latchkit/react')
    expect(typeof react.LatchProvider).toBe('function')
    for (const view of [
      'ConnectView',
      'ConnectingExternalView',
      'UnsupportedChainView',
      'NetworksView',
      'AccountView',
    ]) {
      const module = await import(`../../src/react/views/${view}.tsx`)
      expect(typeof module.default).toBe('function')
    }
  })

  it('renderToString of the provider with the buttons', async () => {
    const { LatchProvider, ConnectButton, NetworkButton, AccountButton } = await import('latchkit/react')
    const kernel = createKernel({ networks: [mainnet] })
    const html = renderToString(
      <LatchProvider kernel={kernel}>
        <NetworkButton />
        <ConnectButton />
        <AccountButton />
      </LatchProvider>,
    )
    expect(html).toContain('Connect Wallet')
    expect(html).toContain('Ethereum')
    expect(html).toContain('data-latchkit="connect-button"')
    // The modal is client-only: nothing of it is in the server HTML.
    expect(html).not.toContain('latchkit-modal')
    expect(html).not.toContain('role="dialog"')
  })

  it('renders the connected account on the server too', async () => {
    const { LatchProvider, ConnectButton } = await import('latchkit/react')
    const kernel = createKernel({ networks: [mainnet] })
    kernel.store.setState((draft) => {
      Object.assign(draft.accounts.eip155!, {
        status: 'connected',
        address: '0x1234567890abcdef1234567890abcdef12345678',
        balance: '0.5',
        balanceSymbol: 'ETH',
      })
    })
    const html = renderToString(
      <LatchProvider kernel={kernel}>
        <ConnectButton />
      </LatchProvider>,
    )
    expect(html).toContain('0x12...345678')
    expect(html).toContain('0.500 ETH')
  })

  it('a core view renders on the server inside the provider', async () => {
    const { LatchProvider } = await import('latchkit/react')
    const { default: NetworksView } = await import('../../src/react/views/NetworksView')
    const kernel = createKernel({ networks: [mainnet] })
    const html = renderToString(
      <LatchProvider kernel={kernel}>
        <NetworksView />
      </LatchProvider>,
    )
    expect(html).toContain('aria-current="true"')
  })
})

// A Next.js or Remix server build imports every entry an app uses: one that read `window`
// at import time would break that build, not just its page.
describe('every entry on the server', () => {
  it.each(entries)('%s imports and exports something', async (entry) => {
    const module = (await import(/* @vite-ignore */ entry)) as Record<string, unknown>
    expect(Object.keys(module).length).toBeGreaterThan(0)
  })

  it('a kernel with every plugin and adapter sets up and renders its buttons to a string', async () => {
    // A new plugin entry must join the kernel below.
    expect(entries.filter((entry) => entry.startsWith('latchkit/plugins/'))).toEqual(
      [
        'analytics',
        'email',
        'embedded-wallet',
        'ens',
        'farcaster',
        'history',
        'legal-checkbox',
        'onramp',
        'receive',
        'send',
        'siwe',
        'social',
        'swaps',
        'walletconnect',
        'wallets',
      ].map((name) => `latchkit/plugins/${name}`),
    )
    const [{ evmAdapter }, { solanaAdapter }, react, ...plugins] = await Promise.all([
      import('latchkit/adapters/evm'),
      import('latchkit/adapters/solana'),
      import('latchkit/react'),
      import('latchkit/plugins/analytics').then((m) =>
        m.analytics({ endpoint: 'https://api.invalid/v1/analytics/events' }),
      ),
      import('latchkit/plugins/ens').then((m) => m.ens()),
      import('latchkit/plugins/history').then((m) => m.history()),
      import('latchkit/plugins/legal-checkbox').then((m) =>
        m.legalCheckbox({
          termsConditionsUrl: 'https://app.invalid/terms',
          privacyPolicyUrl: 'https://app.invalid/privacy',
        }),
      ),
      import('latchkit/plugins/onramp').then((m) => m.onramp()),
      import('latchkit/plugins/receive').then((m) => m.receive()),
      import('latchkit/plugins/send').then((m) => m.send()),
      import('latchkit/plugins/siwe').then((m) =>
        m.siwe({ verifier: m.httpVerifier('https://api.invalid') }),
      ),
      import('latchkit/plugins/swaps').then((m) => m.swaps()),
      import('latchkit/plugins/walletconnect').then((m) =>
        m.walletConnect({ relayUrl: 'wss://relay.invalid/relay' }),
      ),
      import('latchkit/plugins/wallets').then((m) => m.wallets()),
      import('latchkit/plugins/email').then((m) => m.email()),
      import('latchkit/plugins/social').then((m) => m.social()),
      import('latchkit/plugins/farcaster').then((m) => m.farcaster()),
      import('latchkit/plugins/embedded-wallet').then((m) =>
        m.embeddedWallet({ frameUrl: 'https://wallet.invalid' }),
      ),
    ])
    const kernel = createKernel({
      networks: [mainnet],
      adapters: [evmAdapter(), solanaAdapter()],
      plugins,
      projectId: 'ssr',
      api: { blockchainUrl: 'https://api.invalid' },
    })
    const html = renderToString(
      <react.LatchProvider kernel={kernel}>
        <react.ConnectButton />
        <react.NetworkButton />
      </react.LatchProvider>,
    )
    expect(html).toContain('Connect')
  })
})
