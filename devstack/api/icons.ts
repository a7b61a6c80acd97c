/**
 * Small deterministic SVG images: wallet logos for GET /getWalletImage and token icons
 * (as data: URIs) for balances. Text in them is escaped; only fixture names go in.
 */

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`)
}

function initials(name: string): string {
  const words = name.split(/\s+/).filter(Boolean)
  return words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('')
}

/**
 * A 96x96 rounded square in `hue` with the name's initials.
 *
 * @example walletSvg('Amber Wallet', 0) // '<svg ...>AW</svg>'
 */
export function walletSvg(name: string, hue: number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<rect width="96" height="96" rx="24" fill="hsl(${hue},65%,50%)"/>` +
    `<text x="48" y="60" font-family="sans-serif" font-size="36" font-weight="700" text-anchor="middle" fill="#fff">` +
    `${escapeXml(initials(name))}</text></svg>`
  )
}

/**
 * A round token icon with the symbol, as a base64 data: URI (icons are never markup).
 *
 * @example tokenIconDataUri('LUSD', 140) // 'data:image/svg+xml;base64,...'
 */
export function tokenIconDataUri(symbol: string, hue: number): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<circle cx="32" cy="32" r="32" fill="hsl(${hue},60%,45%)"/>` +
    `<text x="32" y="38" font-family="sans-serif" font-size="16" font-weight="700" text-anchor="middle" fill="#fff">` +
    `${escapeXml(symbol.slice(0, 4))}</text></svg>`
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}
