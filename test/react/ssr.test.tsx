// @vitest-environment node
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
