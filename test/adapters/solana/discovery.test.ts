import { createKernel, type Logger } from 'latchkit'
import { parseWalletInfo, solanaAdapter, startDiscovery, walletConnectorId } from 'latchkit/adapters/solana'
import { solana } from 'latchkit/networks'
import { describe, expect, it, vi } from 'vitest'
import { fakeRegistry, fakeWallet, ICON } from './support/fakeWallets'

function spyLogger() {
  const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() }
  return Object.assign(logger, { child: () => logger }) as unknown as Logger & typeof logger
}

function kernelWith(registry: ReturnType<typeof fakeRegistry>) {
  return createKernel({ networks: [solana], adapters: [solanaAdapter({ wallets: registry })], storage: null })
}

describe('Wallet Standard wallet validation', () => {
  it('accepts a Solana wallet with a data: or https icon and standard:connect', () => {
    expect(parseWalletInfo(fakeWallet())).toMatchObject({ name: 'Fake Solana', icon: ICON })
    expect(
      parseWalletInfo(fakeWallet({ name: '  Spaced  ', icon: 'https://wallet.example/icon.png' })).name,
    ).toBe('Spaced')
  })

  it.each([
    ['markup as icon', { icon: '<svg onload="alert(1)"></svg>' }, 'icon'],
    ['a javascript: icon', { icon: 'javascript:alert(1)' }, 'icon'],
    ['an http icon', { icon: 'http://wallet.example/icon.png' }, 'icon'],
    ['a data:text/html icon', { icon: 'data:text/html;base64,PHNjcmlwdD4=' }, 'icon'],
    ['an empty name', { name: '   ' }, 'name'],
    ['a 65-character name', { name: 'x'.repeat(65) }, 'name'],
    ['no solana: chain', { chains: ['eip155:1'] }, 'chains'],
    ['no standard:connect', { features: { 'standard:events': { on: () => () => {} } } }, 'features'],
  ])('refuses %s', (_case, overrides, field) => {
    expect(() => parseWalletInfo(fakeWallet(overrides))).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED' }),
    )
    try {
      parseWalletInfo(fakeWallet(overrides))
    } catch (error) {
      expect((error as { data: { issues: { path: string }[] } }).data.issues[0]?.path).toBe(field)
    }
  })

  it('refuses a wallet whose getters throw, without throwing past the parser', () => {
    const hostile = Object.defineProperty(fakeWallet(), 'name', {
      get() {
        throw new Error('boom')
      },
    })
    expect(() => parseWalletInfo(hostile)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }))
  })

  it('derives stable, prefixed connector ids from names', () => {
    expect(walletConnectorId('Latch Dev Solana')).toBe('solana:latch-dev-solana')
    expect(walletConnectorId('Phantom')).toBe('solana:phantom')
    expect(walletConnectorId('Ünïcode  Wället!')).toBe('solana:unicode-wallet')
    expect(walletConnectorId('***')).toBe('solana:wallet')
  })
})

// The same image URL rule as EIP-6963 discovery and the modal's images: data:image, https,
// and http only on this machine's loopback.
describe('the icon rule through Wallet Standard discovery', () => {
  const listed = (icon: string) => {
    const kernel = kernelWith(fakeRegistry([fakeWallet({ icon })]))
    const connectors = kernel.connectors
      .byNamespace('solana')
      .map((c) => ({ id: c.id, imageUrl: c.imageUrl }))
    kernel.destroy()
    return connectors
  }

  it.each([
    ['a data:image/png icon', 'data:image/png;base64,iVBORw0KGgo='],
    ['an https icon', 'https://wallet.example/icon.png'],
    ['a localhost http icon', 'http://localhost:5173/icon.png'],
    ['a 127.0.0.1 http icon', 'http://127.0.0.1:8080/icon.png'],
    ['an [::1] http icon', 'http://[::1]/icon.png'],
  ])('lists a wallet with %s, with that icon', (_label, icon) => {
    expect(listed(icon)).toEqual([{ id: 'solana:fake-solana', imageUrl: icon }])
  })

  it.each([
    ['a javascript: icon', 'javascript:alert(1)'],
    ['a data:text/html icon', 'data:text/html,<script>alert(1)</script>'],
    ['an http icon on another host', 'http://evil.example/icon.png'],
    ['an http icon posing as loopback', 'http://localhost@evil.example/icon.png'],
  ])('does not list a wallet with %s', (_label, icon) => {
    expect(listed(icon)).toEqual([])
  })
})

describe('Wallet Standard discovery', () => {
  it('lists registered Solana wallets as ANNOUNCED connectors of the solana namespace', () => {
    const registry = fakeRegistry([fakeWallet()])
    const kernel = kernelWith(registry)
    const [connector] = kernel.connectors.byNamespace('solana')
    expect(connector).toMatchObject({
      id: 'solana:fake-solana',
      name: 'Fake Solana',
      type: 'ANNOUNCED',
      chain: 'solana',
      imageUrl: ICON,
    })
    // Late wallets are found too.
    registry.register(fakeWallet({ name: 'Late Wallet' }))
    expect(kernel.connectors.byNamespace('solana').map((c) => c.id)).toEqual([
      'solana:fake-solana',
      'solana:late-wallet',
    ])
    kernel.destroy()
  })

  it('keeps the first of two wallets with one name and logs the second', () => {
    const registry = fakeRegistry()
    const logger = spyLogger()
    const connectors = createKernel({ networks: [solana], storage: null }).connectors
    const stop = startDiscovery({ wallets: registry, connectors, logger, networks: () => [solana] })
    const first = fakeWallet()
    registry.register(first)
    registry.register(fakeWallet())
    expect(connectors.byNamespace('solana')).toHaveLength(1)
    expect(connectors.get('solana:fake-solana')?.getProvider()).toBe(first)
    expect(logger.warn).toHaveBeenCalledWith(
      expect.stringContaining('second Wallet Standard wallet named "Fake Solana"'),
    )
    stop()
  })

  it('logs a rejected wallet: warn for a bad icon, debug for another chain family', () => {
    const registry = fakeRegistry()
    const logger = spyLogger()
    const connectors = createKernel({ networks: [solana], storage: null }).connectors
    const stop = startDiscovery({ wallets: registry, connectors, logger, networks: () => [solana] })
    registry.register(fakeWallet({ name: 'Evil', icon: '<img src=x onerror=alert(1)>' }))
    registry.register(
      fakeWallet({ name: 'Bitcoin Only', chains: ['bip122:000000000019d6689c085ae165831e93'] }),
    )
    expect(connectors.byNamespace('solana')).toEqual([])
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('icon'))
    expect(logger.debug).toHaveBeenCalledWith(expect.stringContaining('chains'))
    stop()
  })

  it('removes a connector when its wallet unregisters, and everything on teardown', () => {
    const registry = fakeRegistry()
    const kernel = kernelWith(registry)
    const unregister = registry.register(fakeWallet())
    registry.register(fakeWallet({ name: 'Other' }))
    unregister()
    expect(kernel.connectors.byNamespace('solana').map((c) => c.id)).toEqual(['solana:other'])
    kernel.destroy()
    expect(kernel.connectors.byNamespace('solana')).toEqual([])
    expect(registry.listenerCount()).toBe(0)
  })
})
