/** The dev wallet's icon: a small SVG as a base64 data URI, the form the Wallet Standard requires. */
const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#14f195"/>' +
  '<path d="M16 22h28l-6 6H10zM20 34h28l6 6H26zM16 46h28l-6 6H10z" fill="#0b0b0f"/></svg>'

export const DEV_SOLANA_WALLET_ICON = `data:image/svg+xml;base64,${btoa(svg)}` as const
