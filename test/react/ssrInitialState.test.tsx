import { cookieToInitialState, createKernel, type Network, restoreInitialState } from 'latchkit'
import { ConnectButton, LatchProvider } from 'latchkit/react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

const base: Network = {
  id: 8453,
  name: 'Base',
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:8453',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpc.invalid/8453'] } },
}
const ADDRESS = '0x1111111111111111111111111111111111112222'
const cookie = `latchkit%3AconnectedAccounts=${encodeURIComponent(
  JSON.stringify({ eip155: { address: ADDRESS, caipNetworkId: 'eip155:8453', connectorId: 'io.metamask' } }),
)}`

function renderFor(cookieHeader: string | undefined): string {
  const kernel = createKernel({
    networks: [base],
    plugins: [restoreInitialState(cookieToInitialState(cookieHeader))],
  })
  return renderToString(
    <LatchProvider kernel={kernel}>
      <ConnectButton />
    </LatchProvider>,
  )
}

describe('server rendering with an initial state from the cookies', () => {
  it("renders a returning visitor's account, marked busy while it reconnects, and no Connect", () => {
    const html = renderFor(cookie)
    expect(html).toContain('data-latchkit="account-button"')
    expect(html).toContain('aria-busy="true"')
    expect(html).toContain('0x11...112222')
    expect(html).not.toContain('Connect')
  })

  it('renders Connect for a first visit and for a corrupt cookie', () => {
    for (const header of [undefined, 'latchkit%3AconnectedAccounts=%7Bbroken', `${cookie}%ZZ`]) {
      const html = renderFor(header)
      expect(html).toContain('data-latchkit="connect-button"')
      expect(html).toContain('Connect Wallet')
    }
  })
})
