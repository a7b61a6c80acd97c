import { afterEach, describe, expect, it, vi } from 'vitest'
import * as z from 'zod/mini'
import { ConfigError } from './errors'
import {
  addRecentWallet,
  createMemoryBackend,
  createStorage,
  defineStorageKey,
  type RecentWallet,
  type StorageBackend,
} from './storage'

function spyLogger() {
  const warnings: [string, unknown][] = []
  return {
    warnings,
    logger: { warn: (message: string, data?: unknown) => void warnings.push([message, data]) },
  }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

/** A plugin's keys: a string and a boolean. */
const token = defineStorageKey('test:token', z.string())
const used = defineStorageKey('test:used', z.boolean())

const wallet = (id: string): RecentWallet => ({ id, name: id.toUpperCase(), chain: 'eip155' })

describe('createStorage typed keys', () => {
  it('round-trips every built-in key as JSON under prefix:key', () => {
    const backend = createMemoryBackend()
    const storage = createStorage({ backend })
    const values = {
      recentWallets: [
        {
          id: 'io.metamask',
          name: 'MetaMask',
          imageUrl: 'https://x/y.png',
          rdns: 'io.metamask',
          chain: 'eip155',
        },
      ],
      lastUsedChain: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      preferredAccountTypes: { eip155: 'smartAccount', solana: 'eoa' },
      smartAccountEnabledNetworks: [1, 8453],
      connectedConnectorIds: { eip155: 'io.metamask' },
      connectedNamespaces: ['eip155', 'solana'],
    } as const
    for (const [name, value] of Object.entries(values)) {
      expect(storage.set(name as keyof typeof values, value as never)).toBe(true)
      expect(storage.get(name as keyof typeof values)).toEqual(value)
      expect(backend.getItem(`latchkit:${name}`)).toBe(JSON.stringify(value))
    }
    storage.remove('connectedNamespaces')
    expect(storage.get('connectedNamespaces')).toBeUndefined()
    expect(backend.getItem('latchkit:connectedNamespaces')).toBeNull()
  })

  it('honours a custom prefix and returns undefined for absent keys', () => {
    const backend = createMemoryBackend()
    const storage = createStorage({ backend, prefix: 'app' })
    expect(storage.get('lastUsedChain')).toBeUndefined()
    storage.set('lastUsedChain', 'eip155:1')
    expect(backend.getItem('app:lastUsedChain')).toBe('"eip155:1"')
    expect(storage.prefix).toBe('app')
  })

  it('validates before writing: an invalid value is refused, logged, and the old one kept', () => {
    const { warnings, logger } = spyLogger()
    const storage = createStorage({ backend: createMemoryBackend(), logger })
    storage.set('lastUsedChain', 'eip155:1')
    expect(storage.set('lastUsedChain', 'not a chain' as never)).toBe(false)
    expect(storage.set('smartAccountEnabledNetworks', ['one'] as never)).toBe(false)
    expect(storage.set('preferredAccountTypes', { eip155: 'admin' } as never)).toBe(false)
    expect(storage.get('lastUsedChain')).toBe('eip155:1')
    expect(warnings.map(([m]) => m)).toEqual(Array(3).fill('Refused to store an invalid value'))
  })
})

describe('createStorage resilience', () => {
  it('removes corrupt JSON, warns, and keeps every other key', () => {
    const backend = createMemoryBackend()
    const { warnings, logger } = spyLogger()
    const storage = createStorage({ backend, logger })
    storage.set(token, 'keep-me')
    backend.setItem('latchkit:recentWallets', '[{"id":')
    expect(storage.get('recentWallets')).toBeUndefined()
    expect(backend.getItem('latchkit:recentWallets')).toBeNull()
    expect(storage.get(token)).toBe('keep-me')
    expect(warnings).toEqual([
      ['Removed an invalid stored value (corrupt JSON)', { key: 'latchkit:recentWallets' }],
    ])
  })

  it('removes a value failing its schema and warns with the issue paths', () => {
    const backend = createMemoryBackend()
    const { warnings, logger } = spyLogger()
    const storage = createStorage({ backend, logger })
    backend.setItem('latchkit:smartAccountEnabledNetworks', '[1,"two"]')
    backend.setItem('latchkit:recentWallets', JSON.stringify([wallet('a'), wallet('b'), wallet('c')]))
    backend.setItem('latchkit:test:used', 'true')
    expect(storage.get('smartAccountEnabledNetworks')).toBeUndefined()
    expect(storage.get('recentWallets')).toBeUndefined()
    expect(storage.get(used)).toBe(true)
    expect(backend.getItem('latchkit:smartAccountEnabledNetworks')).toBeNull()
    expect(warnings[0]).toEqual([
      'Removed an invalid stored value (schema mismatch)',
      { key: 'latchkit:smartAccountEnabledNetworks', issues: [{ path: [1], code: 'invalid_type' }] },
    ])
    expect(warnings).toHaveLength(2)
  })

  it('never throws when the backend does', () => {
    const { warnings, logger } = spyLogger()
    const failing: StorageBackend = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
      removeItem: () => {
        throw new Error('nope')
      },
    }
    const storage = createStorage({ backend: failing, logger })
    expect(storage.get(token)).toBeUndefined()
    expect(storage.set(token, 'x')).toBe(false)
    expect(() => storage.remove(token)).not.toThrow()
    expect(addRecentWallet(storage, wallet('a'))).toEqual([])
    expect(warnings.map(([m]) => m)).toEqual([
      'Could not read storage',
      'Could not write storage',
      'Could not remove from storage',
      'Could not read storage',
      'Could not write storage',
    ])
    expect(warnings[1]?.[1]).toEqual({ key: 'latchkit:test:token', error: 'QuotaExceededError: full' })
  })

  it('never throws when a corrupt value cannot even be removed', () => {
    const storage = createStorage({
      backend: {
        getItem: () => '{',
        setItem: () => {},
        removeItem: () => {
          throw new Error('locked')
        },
      },
    })
    expect(storage.get('connectedNamespaces')).toBeUndefined()
  })
})

describe('default backend', () => {
  it('uses globalThis.localStorage when it works', () => {
    const local = createMemoryBackend()
    vi.stubGlobal('localStorage', local)
    createStorage().set(used, true)
    expect(local.getItem('latchkit:test:used')).toBe('true')
    expect(local.getItem('latchkit:__probe__')).toBeNull()
  })

  it('falls back to memory when localStorage is missing, throws on access or refuses writes', () => {
    const refusing = {
      ...createMemoryBackend(),
      setItem: () => {
        throw new Error('private mode')
      },
    }
    vi.stubGlobal('localStorage', refusing)
    const storage = createStorage()
    expect(storage.set(token, 't')).toBe(true)
    expect(storage.get(token)).toBe('t')

    vi.unstubAllGlobals()
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'localStorage')
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('blocked', 'SecurityError')
      },
    })
    try {
      const blocked = createStorage()
      expect(blocked.set(token, 'u')).toBe(true)
      expect(blocked.get(token)).toBe('u')
    } finally {
      if (descriptor) Object.defineProperty(globalThis, 'localStorage', descriptor)
      else delete (globalThis as { localStorage?: unknown }).localStorage
    }

    expect(createStorage().set(token, 'v')).toBe(true)
  })

  it('keeps two storages on memory apart and honours backend: null', () => {
    const a = createStorage({ backend: null })
    const b = createStorage({ backend: null })
    a.set(token, 'a')
    expect(b.get(token)).toBeUndefined()
  })
})

describe('recent wallets', () => {
  it('keeps the 2 most recent, newest first, deduplicated by id', () => {
    const storage = createStorage({ backend: createMemoryBackend() })
    expect(addRecentWallet(storage, wallet('a'))).toEqual([wallet('a')])
    expect(storage.addRecentWallet(wallet('b'))).toEqual([wallet('b'), wallet('a')])
    expect(addRecentWallet(storage, wallet('c'))).toEqual([wallet('c'), wallet('b')])
    const renamed = { ...wallet('b'), name: 'B again', imageUrl: undefined }
    expect(addRecentWallet(storage, renamed)).toEqual([renamed, wallet('c')])
    expect(storage.get('recentWallets')).toEqual([{ id: 'b', name: 'B again', chain: 'eip155' }, wallet('c')])
  })

  it('does not store an invalid wallet and keeps the list', () => {
    const storage = createStorage({ backend: createMemoryBackend() })
    addRecentWallet(storage, wallet('a'))
    expect(addRecentWallet(storage, { id: '', name: 'x', chain: 'eip155' })).toEqual([wallet('a')])
    expect(storage.get('recentWallets')).toEqual([wallet('a')])
  })
})

describe('defineStorageKey', () => {
  it('gives plugins typed keys with the same get/set', () => {
    const backend = createMemoryBackend()
    const { warnings, logger } = spyLogger()
    const storage = createStorage({ backend, logger })
    const lastEmail = defineStorageKey('email:lastAddress', z.string().check(z.minLength(3)))
    expect(storage.set(lastEmail, 'me@example.com')).toBe(true)
    const value: string | undefined = storage.get(lastEmail)
    expect(value).toBe('me@example.com')
    expect(backend.getItem('latchkit:email:lastAddress')).toBe('"me@example.com"')
    expect(storage.set(lastEmail, 'x')).toBe(false)
    backend.setItem('latchkit:email:lastAddress', '42')
    expect(storage.get(lastEmail)).toBeUndefined()
    expect(warnings).toHaveLength(2)
    storage.remove(lastEmail)
  })

  it('refuses empty and reserved names', () => {
    expect(() => defineStorageKey('recentWallets', z.string())).toThrow(ConfigError)
    expect(() => defineStorageKey('', z.string())).toThrow(/empty/)
  })
})
