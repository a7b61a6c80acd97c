import { createKernel, type Kernel } from 'latchkit'
import { type DiscoveryWindow, evmAdapter, INJECTED_CONNECTOR_ID } from 'latchkit/adapters/evm'
import { safeImageUrl } from 'latchkit/internal'
import { mainnet } from 'latchkit/networks'
import { afterEach, describe, expect, it } from 'vitest'
import { fakeProvider } from './fakeProvider'

const ICON = 'data:image/svg+xml;base64,PHN2Zy8+'

type FakeWindow = EventTarget & DiscoveryWindow

function fakeWindow(ethereum?: unknown): FakeWindow {
  return Object.assign(new EventTarget(), ethereum === undefined ? {} : { ethereum })
}

function info(overrides: Record<string, unknown> = {}) {
  return {
    uuid: crypto.randomUUID(),
    name: 'Test Wallet',
    icon: ICON,
    rdns: 'com.example.wallet',
    ...overrides,
  }
}

function announce(target: EventTarget, detail: unknown): void {
  target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
}

/** A wallet that announces now and on every later requestProvider, as EIP-6963 asks. */
function installWallet(target: EventTarget, detail: unknown): void {
  announce(target, detail)
  target.addEventListener('eip6963:requestProvider', () => announce(target, detail))
}

const kernels: Kernel[] = []
function start(target: FakeWindow, options: Parameters<typeof evmAdapter>[0] = {}): Kernel {
  const kernel = createKernel({
    networks: [mainnet],
    adapters: [evmAdapter({ window: target, ...options })],
    storage: null,
    logger: { level: 'debug', sink: () => {} },
  })
  kernels.push(kernel)
  return kernel
}
const nextMacrotask = () => new Promise((resolve) => setTimeout(resolve, 0))
const ids = (kernel: Kernel) => kernel.connectors.list().map((c) => c.id)
const logged = (kernel: Kernel, level: string) =>
  kernel.logger.getBuffer().filter((line) => line.includes(` ${level} `))

afterEach(() => {
  for (const kernel of kernels.splice(0)) kernel.destroy()
})

describe('EIP-6963 announcements', () => {
  it('registers a valid announcement as an ANNOUNCED connector', () => {
    const target = fakeWindow()
    const provider = fakeProvider()
    const detail = { info: info({ name: '  Test Wallet  ' }), provider }
    installWallet(target, detail)
    const kernel = start(target)
    const connector = kernel.connectors.get('com.example.wallet')
    expect(connector).toMatchObject({
      id: 'com.example.wallet',
      type: 'ANNOUNCED',
      chain: 'eip155',
      name: 'Test Wallet',
      imageUrl: ICON,
      info: { rdns: 'com.example.wallet', uuid: detail.info.uuid },
    })
    expect(connector?.getProvider()).toBe(provider)
  })

  const rejected: Array<[string, Record<string, unknown>, string]> = [
    ['a missing uuid', { uuid: undefined }, 'info.uuid'],
    ['a uuid that is not one', { uuid: 'not-a-uuid' }, 'info.uuid'],
    ['a bad rdns', { rdns: 'not reverse dns' }, 'info.rdns'],
    ['a single-label rdns', { rdns: 'wallet' }, 'info.rdns'],
    ['a javascript: icon', { icon: 'javascript:alert(1)' }, 'info.icon'],
    ['a raw <svg onload> icon', { icon: '<svg onload="alert(1)"></svg>' }, 'info.icon'],
    ['an http icon', { icon: 'http://wallet.example/icon.png' }, 'info.icon'],
    ['a data:text/html icon', { icon: 'data:text/html,<script>alert(1)</script>' }, 'info.icon'],
    ['an oversized name', { name: 'x'.repeat(65) }, 'info.name'],
    ['a blank name', { name: '   ' }, 'info.name'],
  ]
  it.each(rejected)('ignores and logs an announcement with %s', (_label, overrides, path) => {
    const target = fakeWindow()
    installWallet(target, { info: info(overrides), provider: fakeProvider() })
    const kernel = start(target)
    expect(ids(kernel)).toEqual([])
    const warnings = logged(kernel, 'WARN')
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('ignored an EIP-6963 announcement')
    expect(warnings[0]).toContain(path)
  })

  it('ignores an announcement whose provider has no request function', () => {
    const target = fakeWindow()
    installWallet(target, { info: info(), provider: { on() {} } })
    const kernel = start(target)
    expect(ids(kernel)).toEqual([])
    expect(logged(kernel, 'WARN')[0]).toContain('provider')
  })

  it('ignores a detail that is not an object at all', () => {
    const target = fakeWindow()
    installWallet(target, 'hello')
    const kernel = start(target)
    expect(ids(kernel)).toEqual([])
    expect(logged(kernel, 'WARN')).toHaveLength(1)
  })

  it('keeps the first of two announcements with one rdns and logs the second at debug', () => {
    const target = fakeWindow()
    const first = fakeProvider()
    installWallet(target, { info: info({ name: 'First' }), provider: first })
    installWallet(target, { info: info({ name: 'Impostor' }), provider: fakeProvider() })
    const kernel = start(target)
    expect(ids(kernel)).toEqual(['com.example.wallet'])
    expect(kernel.connectors.get('com.example.wallet')?.name).toBe('First')
    expect(kernel.connectors.get('com.example.wallet')?.getProvider()).toBe(first)
    expect(logged(kernel, 'DEBUG').some((line) => line.includes('second EIP-6963 announcement'))).toBe(true)
    expect(logged(kernel, 'WARN')).toEqual([])
  })

  it('accepts a wallet that announces late', async () => {
    const target = fakeWindow()
    const kernel = start(target)
    await nextMacrotask()
    expect(ids(kernel)).toEqual([])
    announce(target, { info: info({ rdns: 'io.late.wallet' }), provider: fakeProvider() })
    expect(ids(kernel)).toEqual(['io.late.wallet'])
  })

  it('removes its listeners and connectors on teardown', () => {
    const target = fakeWindow()
    const kernel = start(target)
    announce(target, { info: info(), provider: fakeProvider() })
    expect(ids(kernel)).toHaveLength(1)
    const connectors = kernel.connectors
    kernel.destroy()
    expect(connectors.list()).toEqual([])
    announce(target, { info: info({ rdns: 'io.after.teardown' }), provider: fakeProvider() })
    expect(connectors.list()).toEqual([])
  })

  it('does nothing without a window (server-side rendering)', () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined')
    const kernel = createKernel({ networks: [mainnet], adapters: [evmAdapter()], storage: null })
    kernels.push(kernel)
    expect(ids(kernel)).toEqual([])
  })
})

describe('legacy window.ethereum', () => {
  it('becomes the INJECTED connector when nothing announced it', async () => {
    const ethereum = fakeProvider()
    const kernel = start(fakeWindow(ethereum))
    expect(ids(kernel)).toEqual([]) // decided one macrotask later
    await nextMacrotask()
    const connector = kernel.connectors.get(INJECTED_CONNECTOR_ID)
    expect(connector).toMatchObject({ type: 'INJECTED', chain: 'eip155' })
    expect(connector?.getProvider()).toBe(ethereum)
  })

  it('is not listed when an announcement carries the same provider object', async () => {
    const ethereum = fakeProvider()
    const target = fakeWindow(ethereum)
    installWallet(target, { info: info(), provider: ethereum })
    const kernel = start(target)
    await nextMacrotask()
    expect(ids(kernel)).toEqual(['com.example.wallet'])
  })

  it('is listed beside an announced wallet that is a different object', async () => {
    const target = fakeWindow(fakeProvider())
    installWallet(target, { info: info(), provider: fakeProvider() })
    const kernel = start(target)
    await nextMacrotask()
    expect(ids(kernel)).toEqual(['com.example.wallet', INJECTED_CONNECTOR_ID])
  })

  it('is removed when a later announcement turns out to be the same object', async () => {
    const ethereum = fakeProvider()
    const target = fakeWindow(ethereum)
    const kernel = start(target)
    await nextMacrotask()
    expect(ids(kernel)).toEqual([INJECTED_CONNECTOR_ID])
    announce(target, { info: info(), provider: ethereum })
    expect(ids(kernel)).toEqual(['com.example.wallet'])
  })

  it('is picked up when the wallet injects late and fires ethereum#initialized', async () => {
    const target = fakeWindow()
    const kernel = start(target)
    await nextMacrotask()
    expect(ids(kernel)).toEqual([])
    target.ethereum = fakeProvider()
    target.dispatchEvent(new Event('ethereum#initialized'))
    expect(ids(kernel)).toEqual([INJECTED_CONNECTOR_ID])
  })

  it('is skipped with injected: false', async () => {
    const kernel = start(fakeWindow(fakeProvider()), { injected: false })
    await nextMacrotask()
    expect(ids(kernel)).toEqual([])
  })
})

// One image URL rule for icons, avatars and token images: data:image, https, and http only
// on this machine's loopback (local development servers), as the CHANGELOG says.
describe('the icon rule through EIP-6963 discovery', () => {
  it.each([
    ['a data:image/png icon', 'data:image/png;base64,iVBORw0KGgo='],
    ['an https icon', 'https://wallet.example/icon.png'],
    ['a localhost http icon', 'http://localhost:5173/icon.png'],
    ['a 127.0.0.1 http icon', 'http://127.0.0.1:8080/icon.png'],
    ['an [::1] http icon', 'http://[::1]/icon.png'],
  ])('lists a wallet announcing %s, with that icon', (_label, icon) => {
    const target = fakeWindow()
    installWallet(target, { info: info({ icon }), provider: fakeProvider() })
    const kernel = start(target)
    expect(kernel.connectors.get('com.example.wallet')?.imageUrl).toBe(icon)
    expect(logged(kernel, 'WARN')).toEqual([])
  })

  it.each([
    ['a javascript: icon', 'javascript:alert(1)'],
    ['a data:text/html icon', 'data:text/html,<script>alert(1)</script>'],
    ['an http icon on another host', 'http://evil.example/icon.png'],
    ['an http icon posing as loopback', 'http://localhost@evil.example/icon.png'],
    ['an http icon under a loopback-like name', 'http://127.0.0.1.evil.example/icon.png'],
  ])('ignores and logs a wallet announcing %s', (_label, icon) => {
    const target = fakeWindow()
    installWallet(target, { info: info({ icon }), provider: fakeProvider() })
    const kernel = start(target)
    expect(ids(kernel)).toEqual([])
    expect(logged(kernel, 'WARN')[0]).toContain('info.icon')
  })
})

describe('safeImageUrl', () => {
  it.each([
    'data:image/png;base64,iVBORw0KGgo=',
    'data:image/svg+xml,%3Csvg%2F%3E',
    // An SVG with script is still only ever an <img> source, where script never runs.
    'data:image/svg+xml;utf8,<svg><script>alert(1)</script></svg>',
    'https://wallet.example/icon.png',
    'http://localhost/icon.png',
    'HTTP://LOCALHOST:3000/icon.png',
    'http://127.0.0.1:8080/icon.png',
    'http://[::1]:5173/icon.png',
  ])('accepts %s', (icon) => expect(safeImageUrl(icon)).toBe(icon))

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' https://wallet.example/icon.png',
    'https://wallet.example/icon.png ',
    '<svg onload="alert(1)"/>',
    'http://wallet.example/icon.png',
    'http://localhost@evil.example/icon.png',
    'http://localhost:80@evil.example/icon.png',
    'http://127.0.0.1.evil.example/icon.png',
    'http://127.0.0.2/icon.png',
    'https://wallet.example/icon.png\n',
    'https://@evil.example/icon.png',
    'data:text/html;base64,PHNjcmlwdD4=',
    'data:image/png',
    'blob:https://wallet.example/1',
    '//wallet.example/icon.png',
  ])('refuses %s', (icon) => expect(safeImageUrl(icon)).toBeUndefined())

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 1, {}, ['https://wallet.example/icon.png']]) {
      expect(safeImageUrl(value)).toBeUndefined()
    }
  })

  it('lists no icon over 256 KB, whatever its URL', () => {
    const target = fakeWindow()
    const icon = `data:image/png;base64,${'A'.repeat(256_001)}`
    installWallet(target, { info: info({ icon }), provider: fakeProvider() })
    const kernel = start(target)
    expect(ids(kernel)).toEqual([])
    expect(logged(kernel, 'WARN')[0]).toContain('info.icon')
  })
})
