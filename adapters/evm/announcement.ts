/**
 * EIP-6963 announcements come from any script on the page, so each one is parsed before
 * it becomes a connector: uuid, a short trimmed name, a reverse-DNS
 * rdns, a provider with `request`, and an icon that can only ever be an image.
 *
 * Icon policy: Latchkit's one image URL rule (`safeImageUrl` in `latchkit/internal`: a
 * `data:image/...` URI, an https URL, or http on this machine's loopback), and at most
 * 256 KB (the icon is kept in storage with the recent wallets).
 */
import { parseWith, safeImageUrl } from 'latchkit/internal'
import * as z from 'zod/mini'
import { type Eip1193Provider, isEip1193Provider } from './provider'

/** Longest icon accepted, in characters. Real wallet icons are a few KB. */
export const MAX_ICON_LENGTH = 256_000

/** Longest wallet name accepted, after trimming. */
export const MAX_WALLET_NAME_LENGTH = 64

// Dot-separated DNS labels, at least two, e.g. io.metamask or com.coinbase.wallet.
const rdnsPattern =
  /^(?=.{3,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i

const isImageUrl = (icon: string) => safeImageUrl(icon) !== undefined
const ICON_RULE = 'must be a data:image/..., https or loopback http URL'

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
    icon: z
      .string()
      .check(z.maxLength(MAX_ICON_LENGTH, 'must be under 256 KB'), z.refine(isImageUrl, ICON_RULE)),
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
 * field, e.g. `EIP-6963 announcement: info.icon: must be a data:image/..., https or loopback http URL`.
 *
 * @example
 * window.addEventListener('eip6963:announceProvider', (event) => {
 *   const { info, provider } = parseAnnouncement((event as CustomEvent).detail)
 * })
 */
export function parseAnnouncement(detail: unknown): Announcement {
  return parseWith(announcementSchema, detail, 'EIP-6963 announcement')
}
