/**
 * A storage backend in cookies, so the server sees what the browser remembered: the
 * server renders a returning visitor's account from the request's Cookie header
 * (`cookieToInitialState`) instead of painting 'Connect' first.
 */
import type { StorageBackend } from './storage'

/**
 * Browsers keep at least 4096 bytes per cookie, name and value included; a value that would
 * not fit is refused (the storage logs it) rather than silently cut by the browser.
 */
export const MAX_COOKIE_BYTES = 4000

/** A year: long enough for a returning visitor, under the 400 days browsers cap cookies at. */
const DEFAULT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60

/**
 * Cookie headers longer than this are not parsed at all: no browser sends one (servers
 * refuse requests with headers of 8 to 16 KB), so a longer one is not a visitor's.
 */
const MAX_COOKIE_HEADER_LENGTH = 32 * 1024

export interface CookieBackendOptions {
  /** How long a written value lives, in seconds. Default a year. */
  maxAgeSeconds?: number
  /** The cookies' Domain attribute; default none (the page's own host only). */
  domain?: string
  /** The document whose cookies are used; default `globalThis.document` (none on a server). */
  document?: { cookie: string; location?: { protocol: string } }
}

function decode(text: string): string | undefined {
  try {
    return decodeURIComponent(text)
  } catch {
    return undefined
  }
}

/**
 * Parses a Cookie header (or `document.cookie`) into name -> value, both URI-decoded. A
 * malformed pair is skipped, the first of two same-named cookies wins (the browser sends
 * the most specific path first), and nothing in it can throw or reach an object prototype.
 *
 * @example
 * parseCookieHeader('a=1; latchkit%3AlastUsedChain=%22eip155%3A1%22').get('latchkit:lastUsedChain')
 * // '"eip155:1"'
 */
export function parseCookieHeader(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>()
  if (typeof header !== 'string' || header.length > MAX_COOKIE_HEADER_LENGTH) return cookies
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=')
    if (separator <= 0) continue
    const name = decode(pair.slice(0, separator).trim())
    let raw = pair.slice(separator + 1).trim()
    if (raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"')) raw = raw.slice(1, -1)
    const value = decode(raw)
    if (!name || value === undefined || cookies.has(name)) continue
    cookies.set(name, value)
  }
  return cookies
}

/**
 * A {@link StorageBackend} in `document.cookie` (path `/`, SameSite=Lax, Secure on https),
 * so the server can read what the browser stored. On the server, where there is no
 * document, it stores nothing and reads nothing: the kernel's state there comes from
 * `initialState`. A value over {@link MAX_COOKIE_BYTES} is refused.
 *
 * @example
 * const kernel = createKernel({ networks, adapters, storage: createCookieBackend(), initialState })
 */
export function createCookieBackend(options: CookieBackendOptions = {}): StorageBackend {
  const maxAge = Math.max(0, Math.floor(options.maxAgeSeconds ?? DEFAULT_MAX_AGE_SECONDS))
  const currentDocument = () =>
    options.document ?? (globalThis as { document?: CookieBackendOptions['document'] }).document

  function write(name: string, value: string, seconds: number): void {
    const target = currentDocument()
    if (!target) return
    const pair = `${encodeURIComponent(name)}=${encodeURIComponent(value)}`
    if (pair.length > MAX_COOKIE_BYTES) {
      throw new RangeError(
        `The value of ${name} is ${pair.length} bytes as a cookie; at most ${MAX_COOKIE_BYTES} fit`,
      )
    }
    const secure = target.location?.protocol === 'https:' ? '; Secure' : ''
    const domain = options.domain ? `; Domain=${options.domain}` : ''
    target.cookie = `${pair}; Path=/; Max-Age=${seconds}; SameSite=Lax${domain}${secure}`
  }

  return {
    getItem(name) {
      const target = currentDocument()
      return target ? (parseCookieHeader(target.cookie).get(name) ?? null) : null
    },
    setItem(name, value) {
      write(name, String(value), maxAge)
    },
    removeItem(name) {
      write(name, '', 0)
    },
  }
}

/**
 * The cookie backend with its defaults, as wagmi's `cookieStorage`: pass it as `storage`.
 *
 * @example
 * import { cookieStorage, createKernel } from 'latchkit'
 * const kernel = createKernel({ networks, storage: cookieStorage, initialState })
 */
export const cookieStorage: StorageBackend = createCookieBackend()
