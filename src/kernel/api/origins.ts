/** The allowed-origins rule of the wallet-project API (SPEC §7-§8). */

/**
 * True when `origin` matches one entry: exactly, or a `*.` wildcard entry for any
 * subdomain (`https://*.example.com` allows `https://app.example.com`).
 *
 * @example
 * isOriginAllowed('https://app.example.com', ['https://*.example.com']) // true
 */
export function isOriginAllowed(origin: string, allowedOrigins: readonly string[]): boolean {
  const wanted = origin.replace(/\/+$/, '').toLowerCase()
  return allowedOrigins.some((entry) => {
    const allowed = entry.replace(/\/+$/, '').toLowerCase()
    if (allowed === wanted) return true
    const star = allowed.indexOf('*.')
    if (star === -1) return false
    const prefix = allowed.slice(0, star)
    const suffix = allowed.slice(star + 1)
    return (
      wanted.startsWith(prefix) && wanted.endsWith(suffix) && wanted.length > prefix.length + suffix.length
    )
  })
}
