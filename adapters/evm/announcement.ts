/**
 * EIP-6963 announcements come from any script on the page, so each one is parsed before
 * it becomes a connector: uuid, a short trimmed name, a reverse-DNS
 * rdns, a provider with `request`, and an icon that can only ever be an image.
 *
 * Icon policy: a `data:image/...` URI or an https URL, nothing else. SVG data URIs
 * (`data:image/svg+xml`) are accepted even when they contain `<script>`: Latchkit renders
 * icons only through `<img src>`, and an SVG loaded as an image never runs script or
 * loads other resources. Refused: any other scheme (`javascript:`, `http:`, `blob:`,
 * `data:text/html`), raw markup such as `<svg onload=...>`, and icons over 256 KB (the icon
 * is kept in storage with the recent wallets).
 */
import { parseWith } from 'latchkit/internal'
import * as z from 'zod/mini'
import { type Eip1193Provider, isEip1193Provider } from './provider'

/** Longest icon accepted, in characters. Real wallet icons are a few KB. */
export const MAX_ICON_LENGTH = 256_000

/** Longest wallet name accepted, after trimming. */
export const MAX_WALLET_NAME_LENGTH = 64

// A media type and optional parameters, then the comma that starts the payload.
const dataImagePattern = /^data:image\/[a-z0-9.+-]+(?:;[a-z0-9=.+-]+)*,/i
// Dot-separated DNS labels, at least two, e.g. io.metamask or com.coinbase.wallet.
const rdnsPattern =
  /^(?=.{3,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i

/**
 * True when `icon` may be used as an image source: a `data:image/...` URI or an https URL.
 *
 * @example
 * isSafeIconUrl('data:image/png;base64,iVBORw0KGgo=') // true
 * isSafeIconUrl('https://wallet.example/icon.png') // true
 * isSafeIconUrl('javascript:alert(1)') // false
 * isSafeIconUrl('<svg onload="alert(1)">') // false
 */
export function isSafeIconUrl(icon: unknown): icon is string {
  if (typeof icon !== 'string' || icon.length > MAX_ICON_LENGTH) return false
  if (dataImagePattern.test(icon)) return true
  // The literal prefix check stops the URL parser from forgiving leading spaces or tabs.
  if (!/^https:\/\//i.test(icon)) return false
  try {
    const url = new URL(icon)
    return url.protocol === 'https:' && url.hostname !== ''
  } catch {
    return false
  }
}

/** The schema of an `eip6963:announceProvider` event's detail. */
export const announcementSchema = z.object({
  info: z.object({
    uuid: z.uuid(),
    name: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'must not be empty'),
        z.maxLength(MAX_WALLET_NAME_LENGTH, `must be at most ${MAX_WALLET_NAME_LENGTH} characters`),
      ),
    icon: z.string().check(z.refine(isSafeIconUrl, 'must be a data:image/... or https URL under 256 KB')),
    rdns: z.string().check(z.regex(rdnsPattern, 'must be a reverse-DNS name such as io.metamask')),
  }),
  provider: z.custom<Eip1193Provider>(
    isEip1193Provider,
    'must be an EIP-1193 provider with a request function',
  ),
})

/** A validated announcement. `provider` is the announced object itself, not a copy. */
export type Announcement = z.output<typeof announcementSchema>

/**
 * Parses an announcement's detail; throws a ValidationError whose details name each bad
 * field, e.g. `EIP-6963 announcement: info.icon: must be a data:image/... or https URL`.
 *
 * @example
 * window.addEventListener('eip6963:announceProvider', (event) => {
 *   const { info, provider } = parseAnnouncement((event as CustomEvent).detail)
 * })
 */
export function parseAnnouncement(detail: unknown): Announcement {
  return parseWith(announcementSchema, detail, 'EIP-6963 announcement')
}
