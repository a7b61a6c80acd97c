import { act, screen } from '@testing-library/react'
import { createKernel, definePlugin, UserRejectedRequestError } from 'latchkit'
import { ConnectButton, NetworkButton } from 'latchkit/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  ADDRESS,
  base,
  click,
  fakeConnector,
  mainnet,
  makeKernel,
  modal,
  openOn,
  renderWith,
  setConnected,
  settle,
  shadowRoot,
} from './fixtures'

afterEach(() => vi.restoreAllMocks())

const walletIds = () =>
  [...shadowRoot().querySelectorAll('[data-connector]')].map((node) => node.getAttribute('data-connector'))

/** A localStorage-like backend in a Map, to seed the recent wallets. */
function memoryBackend(seed: Record<string, unknown> = {}) {
  const items = new Map(
    Object.entries(seed).map(([key, value]) => [`latchkit:${key}`, JSON.stringify(value)]),
  )
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

/** What a WalletConnect plugin contributes: its wallets' group, ahead of the core's. */
const walletConnectGroup = definePlugin({
  id: 'walletconnect-group',
  setup: (ctx) => ctx.slots.contribute('connectorTypes', { id: 'walletConnect', order: 100 }),
})

describe('Connect view: wallet list', () => {
  it('shows an empty state when no wallet is installed', async () => {
    const kernel = makeKernel()
    renderWith(kernel)
    await openOn(kernel, 'Connect')
    expect(modal().getByText(/No wallet found/)).toBeTruthy()
  })

  it('sorts by connector-type order, skips auth connectors, marks installed ones', async () => {
    const kernel = makeKernel({ plugins: [walletConnectGroup] })
    kernel.connectors.register(fakeConnector({ id: 'custom', name: 'Custom', type: 'CUSTOM' }))
    kernel.connectors.register(fakeConnector({ id: 'injected', name: 'Injected', type: 'ANNOUNCED' }))
    kernel.connectors.register(fakeConnector({ id: 'wc', name: 'WalletConnect', type: 'WALLET_CONNECT' }))
    kernel.connectors.register(fakeConnector({ id: 'auth', name: 'Email', type: 'AUTH' }))
    renderWith(kernel)
    await openOn(kernel, 'Connect')
    expect(walletIds()).toEqual(['wc', 'injected', 'custom'])
    const injected = shadowRoot().querySelector('[data-connector=injected]')
    expect(injected?.textContent).toContain('Installed')
  })

  it('connectorTypes order can be overridden', async () => {
    const kernel = makeKernel({
      plugins: [walletConnectGroup],
      order: { connectorTypes: ['custom', 'injected'] },
    })
    kernel.connectors.register(fakeConnector({ id: 'injected', type: 'ANNOUNCED' }))
    kernel.connectors.register(fakeConnector({ id: 'custom', type: 'CUSTOM' }))
    kernel.connectors.register(fakeConnector({ id: 'wc', type: 'WALLET_CONNECT' }))
    renderWith(kernel)
    await openOn(kernel, 'Connect')
    expect(walletIds()).toEqual(['custom', 'injected', 'wc'])
  })

  it('recent wallets of their namespace come first, tagged Recent', async () => {
    const kernel = createKernel({
      networks: [mainnet, base],
      plugins: [walletConnectGroup],
      storage: memoryBackend({
        recentWallets: [
          { id: 'b', name: 'B', chain: 'eip155' },
          { id: 'c', name: 'C', chain: 'solana' },
        ],
      }),
    })
    kernel.connectors.register(fakeConnector({ id: 'a', name: 'A' }))
    kernel.connectors.register(fakeConnector({ id: 'b', name: 'B' }))
    kernel.connectors.register(fakeConnector({ id: 'c', name: 'C' }))
    kernel.connectors.register(fakeConnector({ id: 'wc', name: 'WC', type: 'WALLET_CONNECT' }))
    renderWith(kernel)
    await openOn(kernel, 'Connect')
    // Groups: walletConnect (100), recent (200), injected (300). 'c' is recent on solana only.
    expect(walletIds()).toEqual(['wc', 'b', 'a', 'c'])
    expect(shadowRoot().querySelector('[data-connector=b]')?.textContent).toContain('Recent')
    expect(shadowRoot().querySelector('[data-connector=c]')?.textContent).not.toContain('Recent')
  })

  it('renders icons only as <img> of data:image, https or loopback http URLs', async () => {
    const kernel = makeKernel()
    const svg = 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4='
    kernel.connectors.register(fakeConnector({ id: 'ok', imageUrl: svg }))
    kernel.connectors.register(fakeConnector({ id: 'https', imageUrl: 'https://example.com/w.png' }))
    kernel.connectors.register(fakeConnector({ id: 'js', imageUrl: 'javascript:alert(1)' }))
    kernel.connectors.register(fakeConnector({ id: 'html', imageUrl: '<img src=x onerror=alert(1)>' }))
    kernel.connectors.register(fakeConnector({ id: 'http', imageUrl: 'http://example.com/w.png' }))
    kernel.connectors.register(fakeConnector({ id: 'local', imageUrl: 'http://127.0.0.1:4000/w.png' }))
    kernel.connectors.register(
      fakeConnector({ id: 'lookalike', imageUrl: 'http://127.0.0.1.example.com/w.png' }),
    )
    renderWith(kernel)
    await openOn(kernel, 'Connect')
    const src = (id: string) => shadowRoot().querySelector(`[data-connector=${id}] img`)?.getAttribute('src')
    expect(src('ok')).toBe(svg)
    expect(src('https')).toBe('https://example.com/w.png')
    expect(src('local')).toBe('http://127.0.0.1:4000/w.png')
    for (const id of ['js', 'html', 'http', 'lookalike']) expect(src(id)).toBeUndefined()
    expect(shadowRoot().innerHTML).not.toContain('onerror')
  })
})

describe('connecting an external wallet', () => {
  it('waiting, then success closes the modal and the button shows the account', async () => {
    const kernel = makeKernel()
    let answer!: () => void
    const connector = fakeConnector({
      connect: () =>
        new Promise((resolve) => {
          answer = () => resolve({ accounts: [{ address: ADDRESS, type: 'eoa' }], chainId: 1 })
        }),
    })
    kernel.connectors.register(connector)
    renderWith(kernel, <ConnectButton />)
    await click(screen.getByRole('button', { name: 'Connect Wallet' }))
    await click(modal().getByRole('button', { name: /Test Wallet/ }))
    expect(kernel.router.current()).toEqual({
      view: 'ConnectingExternal',
      params: { connectorId: 'test.wallet' },
    })
    expect(modal().getByText('Continue in Test Wallet')).toBeTruthy()
    await vi.waitFor(() => expect(kernel.getState().status).toBe('connecting'))
    await act(async () => answer())
    await settle()
    expect(kernel.getState().modal.open).toBe(false)
    expect(screen.getByRole('button').textContent).toContain('0x12...345678')
  })

  it('a declined request says so and Retry asks again', async () => {
    const kernel = makeKernel()
    let attempts = 0
    const connector = fakeConnector({
      async connect() {
        attempts++
        if (attempts === 1) throw new UserRejectedRequestError()
        return { accounts: [{ address: ADDRESS, type: 'eoa' }], chainId: 1 }
      },
    })
    kernel.connectors.register(connector)
    renderWith(kernel)
    await openOn(kernel, 'Connect')
    await click(modal().getByRole('button', { name: /Test Wallet/ }))
    expect(modal().getByRole('alert').textContent).toBe('Connection declined')
    await click(modal().getByRole('button', { name: 'Try again' }))
    expect(attempts).toBe(2)
    expect(kernel.getState().status).toBe('connected')
    expect(kernel.getState().modal.open).toBe(false)
  })

  it("a raw EIP-1193 4001 counts as declined; other errors show their message and the wallet's reason", async () => {
    const kernel = makeKernel()
    kernel.connectors.register(
      fakeConnector({
        id: 'rejects',
        name: 'Rejects',
        connect: async () => Promise.reject({ code: 4001, message: 'no' }),
      }),
    )
    kernel.connectors.register(
      fakeConnector({
        id: 'breaks',
        name: 'Breaks',
        connect: async () => Promise.reject({ code: -32603, message: 'the node is still syncing' }),
      }),
    )
    renderWith(kernel)
    await openOn(kernel, 'Connect')
    await click(modal().getByRole('button', { name: /Rejects/ }))
    expect(modal().getByRole('alert').textContent).toBe('Connection declined')
    await click(modal().getByRole('button', { name: 'Cancel' }))
    expect(kernel.router.current()?.view).toBe('Connect')
    await click(modal().getByRole('button', { name: /Breaks/ }))
    expect(modal().getByRole('alert').textContent).toBe('Connection failed')
    expect(modal().getByText('An internal error was received: the node is still syncing')).toBeTruthy()
    expect(modal().getByRole('button', { name: 'Try again' })).toBeTruthy()
  })

  it('Cancel while waiting returns to Connect', async () => {
    const kernel = makeKernel()
    kernel.connectors.register(fakeConnector({ connect: () => new Promise(() => {}) }))
    renderWith(kernel)
    await openOn(kernel, 'Connect')
    await click(modal().getByRole('button', { name: /Test Wallet/ }))
    await click(modal().getByRole('button', { name: 'Cancel' }))
    expect(kernel.router.current()?.view).toBe('Connect')
    expect(kernel.getState().modal.history).toHaveLength(1)
  })

  it('a connection onto an unsupported network leaves UnsupportedChain open', async () => {
    const kernel = makeKernel()
    kernel.connectors.register(
      fakeConnector({
        connect: async () => ({ accounts: [{ address: ADDRESS, type: 'eoa' }], chainId: 56 }),
      }),
    )
    renderWith(kernel)
    await openOn(kernel, 'Connect')
    await click(modal().getByRole('button', { name: /Test Wallet/ }))
    expect(kernel.getState().modal.open).toBe(true)
    expect(kernel.router.current()?.view).toBe('UnsupportedChain')
    expect(modal().getByRole('heading').textContent).toBe('Switch Network')
  })
})

describe('UnsupportedChain view', () => {
  it('lists the supported networks; switching one closes the view', async () => {
    const kernel = makeKernel()
    const connector = fakeConnector({
      connect: async () => ({ accounts: [{ address: ADDRESS, type: 'eoa' }], chainId: 56 }),
    })
    const switched = vi.spyOn(connector, 'switchNetwork')
    kernel.connectors.register(connector)
    renderWith(kernel)
    await openOn(kernel, 'Connect')
    await click(modal().getByRole('button', { name: /Test Wallet/ }))
    expect(
      [...shadowRoot().querySelectorAll('[data-network]')].map((n) => n.getAttribute('data-network')),
    ).toEqual(['eip155:1', 'eip155:8453'])
    await click(modal().getByRole('button', { name: /Base/ }))
    expect(switched).toHaveBeenCalledWith(expect.objectContaining({ caipNetworkId: 'eip155:8453' }))
    expect(kernel.getState().modal.open).toBe(false)
  })

  it('Disconnect disconnects and closes', async () => {
    const kernel = makeKernel()
    kernel.connectors.register(
      fakeConnector({
        connect: async () => ({ accounts: [{ address: ADDRESS, type: 'eoa' }], chainId: 56 }),
      }),
    )
    renderWith(kernel)
    await openOn(kernel, 'Connect')
    await click(modal().getByRole('button', { name: /Test Wallet/ }))
    await click(modal().getByRole('button', { name: 'Disconnect' }))
    expect(kernel.getState().status).toBe('disconnected')
    expect(kernel.getState().modal.open).toBe(false)
  })
})

describe('Networks view and NetworkButton', () => {
  it('marks the current network and switches, then goes back', async () => {
    const kernel = makeKernel()
    renderWith(kernel, <NetworkButton />)
    expect(screen.getByRole('button').textContent).toBe('Ethereum')
    await openOn(kernel, 'Connect')
    await act(async () => kernel.router.push('Networks'))
    await settle()
    expect(
      modal()
        .getByRole('button', { name: /Ethereum/ })
        .getAttribute('aria-current'),
    ).toBe('true')
    expect(modal().getByRole('button', { name: /Base/ }).getAttribute('aria-current')).toBeNull()
    await click(modal().getByRole('button', { name: /Base/ }))
    expect(kernel.router.current()?.view).toBe('Connect')
    expect(screen.getByRole('button').textContent).toBe('Base')
  })

  it('NetworkButton opens the Networks view', async () => {
    const kernel = makeKernel()
    renderWith(kernel, <NetworkButton />)
    await click(screen.getByRole('button'))
    expect(kernel.router.current()?.view).toBe('Networks')
  })

  it('a failed switch is reported in the snackbar and stays on the view', async () => {
    const kernel = makeKernel()
    const connector = fakeConnector({ switchNetwork: async () => Promise.reject({ code: 4001 }) })
    kernel.connectors.register(connector)
    renderWith(kernel)
    await openOn(kernel, 'Connect')
    await click(modal().getByRole('button', { name: /Test Wallet/ }))
    await openOn(kernel, 'Networks')
    await click(modal().getByRole('button', { name: /Base/ }))
    expect(kernel.router.current()?.view).toBe('Networks')
    expect(modal().getByRole('status').textContent).toBe('User rejected the request')
  })
})

describe('Account view and AccountButton', () => {
  it('AccountButton shows name or truncated address, avatar and balance with 3 decimals', async () => {
    const kernel = makeKernel()
    renderWith(kernel, <ConnectButton />)
    setConnected(kernel, { balance: '1.23456', balanceSymbol: 'ETH' })
    const button = screen.getByRole('button')
    expect(button.textContent).toBe('1.235 ETH0x12...345678')
    setConnected(kernel, { profileName: 'vitalik.eth' })
    expect(screen.getByRole('button').textContent).toContain('vitalik.eth')
    await click(screen.getByRole('button'))
    expect(kernel.router.current()?.view).toBe('Account')
  })

  it('shows the account, copies the address and links to the explorer safely', async () => {
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const kernel = makeKernel()
    renderWith(kernel)
    setConnected(kernel, {
      balance: '2',
      balanceSymbol: 'ETH',
      addressExplorerUrl: `https://etherscan.io/address/${ADDRESS}`,
      profileImage: 'javascript:alert(1)',
    })
    await openOn(kernel, 'Account')
    const root = shadowRoot()
    expect(root.querySelector('[data-latchkit=account-name]')?.textContent).toBe('0x12...345678')
    expect(root.querySelector('[data-latchkit=balance]')?.textContent).toBe('2.000 ETH')
    // The unsafe profile image falls back to the generated gradient.
    expect(root.querySelector('.lk-profile img')).toBeNull()
    const link = modal().getByRole('link', { name: /Block explorer/ })
    expect(link.getAttribute('href')).toBe(`https://etherscan.io/address/${ADDRESS}`)
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    await click(modal().getByRole('button', { name: 'Copy address' }))
    expect(writeText).toHaveBeenCalledWith(ADDRESS)
    expect(modal().getByRole('status').textContent).toBe('Address copied')
  })

  it('never links a non-http explorer URL', async () => {
    const kernel = makeKernel()
    renderWith(kernel)
    setConnected(kernel, { addressExplorerUrl: 'javascript:alert(1)' })
    await openOn(kernel, 'Account')
    expect(modal().queryByRole('link')).toBeNull()
  })

  it('Disconnect calls the kernel action and closes', async () => {
    const kernel = makeKernel()
    const connector = fakeConnector()
    const disconnected = vi.spyOn(connector, 'disconnect')
    kernel.connectors.register(connector)
    renderWith(kernel, <ConnectButton />)
    await openOn(kernel, 'Connect')
    await click(modal().getByRole('button', { name: /Test Wallet/ }))
    await openOn(kernel)
    expect(kernel.router.current()?.view).toBe('Account')
    await click(modal().getByRole('button', { name: 'Disconnect' }))
    expect(disconnected).toHaveBeenCalled()
    expect(kernel.getState().status).toBe('disconnected')
    expect(kernel.getState().modal.open).toBe(false)
    expect(screen.getByRole('button').textContent).toBe('Connect Wallet')
  })
})
