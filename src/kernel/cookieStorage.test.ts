import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { createCookieBackend, MAX_COOKIE_BYTES, parseCookieHeader } from './cookieStorage'
import { createStorage, defineStorageKey } from './storage'

const token = defineStorageKey('test:token', z.string())

/**
 * A document whose `cookie` behaves as a browser's does: a write sets or (Max-Age=0)
 * deletes one cookie, a read lists the jar as `name=value; name=value`.
 */
function fakeDocument(protocol = 'http:') {
  const jar = new Map<string, string>()
  const writes: string[] = []
  return {
    writes,
    location: { protocol },
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
    },
    set cookie(line: string) {
      writes.push(line)
      const [pair = '', ...attributes] = line.split(';')
      const separator = pair.indexOf('=')
      const name = pair.slice(0, separator)
      if (attributes.some((a) => a.trim() === 'Max-Age=0')) jar.delete(name)
      else jar.set(name, pair.slice(separator + 1))
    },
  }
}

describe('createCookieBackend', () => {
  it('round-trips values through the cookie jar, encoded, with path /, SameSite=Lax and a max age', () => {
    const document = fakeDocument()
    const backend = createCookieBackend({ document })
    backend.setItem('latchkit:lastUsedChain', '"eip155:1"')
    expect(backend.getItem('latchkit:lastUsedChain')).toBe('"eip155:1"')
    expect(document.cookie).toBe('latchkit%3AlastUsedChain=%22eip155%3A1%22')
    expect(document.writes[0]).toBe(
      'latchkit%3AlastUsedChain=%22eip155%3A1%22; Path=/; Max-Age=31536000; SameSite=Lax',
    )
    backend.removeItem('latchkit:lastUsedChain')
    expect(backend.getItem('latchkit:lastUsedChain')).toBeNull()
    expect(document.cookie).toBe('')
  })

  it('marks cookies Secure on https and honours the domain and max age asked for', () => {
    const document = fakeDocument('https:')
    createCookieBackend({ document, domain: 'example.com', maxAgeSeconds: 60 }).setItem('k', 'v')
    expect(document.writes[0]).toBe('k=v; Path=/; Max-Age=60; SameSite=Lax; Domain=example.com; Secure')
  })

  it('refuses a value that would not fit in a cookie; the storage logs it and keeps working', () => {
    const document = fakeDocument()
    const warnings: string[] = []
    const storage = createStorage({
      backend: createCookieBackend({ document }),
      logger: { warn: (message) => void warnings.push(message) },
    })
    const big = 'x'.repeat(MAX_COOKIE_BYTES)
    expect(() => createCookieBackend({ document }).setItem('k', big)).toThrow(RangeError)
    expect(storage.set(token, big)).toBe(false)
    expect(warnings).toEqual(['Could not write storage'])
    expect(storage.set(token, 'short')).toBe(true)
    expect(storage.get(token)).toBe('short')
  })

  it('on a server (no document) reads nothing and writes nothing, without throwing', () => {
    expect(typeof document).toBe('undefined')
    const backend = createCookieBackend()
    expect(() => backend.setItem('k', 'v')).not.toThrow()
    expect(backend.getItem('k')).toBeNull()
    expect(() => backend.removeItem('k')).not.toThrow()
  })
})

describe('parseCookieHeader', () => {
  it('decodes names and values, strips quotes and keeps the first of two same-named cookies', () => {
    const cookies = parseCookieHeader('a=1; latchkit%3Ax=%22hi%22; b="quoted"; a=2')
    expect(Object.fromEntries(cookies)).toEqual({ a: '1', 'latchkit:x': '"hi"', b: 'quoted' })
  })

  it('skips what is not a cookie and never throws on hostile input', () => {
    const hostile = [
      'no-equals; =novalue; bad=%E0%A4%A; %ZZ=1; ok=yes',
      '__proto__=polluted; constructor=x; ok=yes',
      ';;;; = ; ok=yes',
    ]
    for (const header of hostile) {
      const cookies = parseCookieHeader(header)
      expect(cookies.get('ok')).toBe('yes')
      expect(cookies.has('bad')).toBe(false)
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(parseCookieHeader(undefined).size).toBe(0)
    expect(parseCookieHeader(null).size).toBe(0)
    expect(parseCookieHeader(42 as unknown as string).size).toBe(0)
    // No browser sends a header this long: it is not read at all.
    expect(parseCookieHeader(`ok=yes; x=${'y'.repeat(40_000)}`).size).toBe(0)
  })
})
