import { afterEach, describe, expect, it, vi } from 'vitest'
import { createEnsCaches, identityKey, kept } from './ensCaches'
import type { Identity } from './state'

afterEach(() => {
  vi.useRealTimers()
})

const alice: Identity = { name: 'alice.eth', avatar: undefined }

describe("the names plugin's caches", () => {
  it('keep an identity and a name profile 5 minutes', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) })
    const caches = createEnsCaches()
    const load = vi.fn(async () => alice)
    const key = identityKey('0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'eip155:1')
    await kept(caches.identities, key, load)
    vi.advanceTimersByTime(5 * 60_000 - 1)
    await kept(caches.identities, key, load)
    expect(load).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1)
    await kept(caches.identities, key, load)
    expect(load).toHaveBeenCalledTimes(2)

    const profile = vi.fn(async () => undefined)
    await kept(caches.profiles, 'nobody.eth', profile)
    vi.advanceTimersByTime(4 * 60_000)
    await kept(caches.profiles, 'nobody.eth', profile)
    expect(profile).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(60_000)
    await kept(caches.profiles, 'nobody.eth', profile)
    expect(profile).toHaveBeenCalledTimes(2)
  })

  it('hold at most 8192 entries, the oldest going first', async () => {
    const caches = createEnsCaches()
    for (let i = 0; i <= 8192; i++) await kept(caches.identities, `k${i}`, async () => alice)
    expect(caches.identities.size()).toBe(8192)
    expect(caches.identities.has('k0')).toBe(false)
    expect(caches.identities.has('k1')).toBe(true)
    expect(caches.identities.has('k8192')).toBe(true)
  })

  it('share one request among callers asking at once, and keep no failure', async () => {
    const caches = createEnsCaches()
    let calls = 0
    const failing = () => {
      calls++
      return Promise.reject(new Error('offline'))
    }
    const both = [kept(caches.identities, 'k', failing), kept(caches.identities, 'k', failing)]
    await expect(Promise.all(both)).rejects.toThrow('offline')
    expect(calls).toBe(1)
    expect(await kept(caches.identities, 'k', async () => alice)).toBe(alice)
  })

  it('key an identity by network and address, whatever the case of its letters', () => {
    expect(identityKey('0xAbCdEf', 'eip155:1')).toBe(identityKey('0xabcdef', 'eip155:1'))
    expect(identityKey('0xabcdef', 'eip155:1')).not.toBe(identityKey('0xabcdef', 'eip155:10'))
  })
})
