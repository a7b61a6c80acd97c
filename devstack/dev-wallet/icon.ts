/**
 * The dev wallet's EIP-6963 icon: a small SVG as a `data:image/svg+xml` URI, the kind of
 * icon Latchkit accepts (an image, never markup to insert).
 */
const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' +
  '<rect width="64" height="64" rx="14" fill="#1b1d23"/>' +
  '<rect x="14" y="28" width="36" height="24" rx="5" fill="#f5b841"/>' +
  '<path d="M22 28v-7a10 10 0 0 1 20 0v7" fill="none" stroke="#f5b841" stroke-width="5"/>' +
  '<circle cx="32" cy="39" r="4" fill="#1b1d23"/><rect x="30" y="40" width="4" height="7" rx="1.5" fill="#1b1d23"/>' +
  '</svg>'

/** `data:image/svg+xml,...` of the padlock icon. */
export const DEV_WALLET_ICON = `data:image/svg+xml,${encodeURIComponent(svg)}`
