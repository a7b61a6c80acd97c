/**
 * A Wallet Standard wallet registers itself from any script on the page, so its fields are
 * parsed before it becomes a connector, with the rules the EVM adapter
 * applies to EIP-6963 announcements: a short trimmed name, an icon that can only ever be
 * an image (Latchkit's one image URL rule, `safeImageUrl` in `latchkit/internal`: a
 * `data:image/...` URI, an https URL, or http on this machine's loopback; never markup),
 * at least one `solana:` chain, and `standard:connect`.
 */
import { parseWith, safeImageUrl } from 'latchkit/internal'
import * as z from 'zod/mini'
import { STANDARD_CONNECT, type StandardWallet } from './walletStandard'

/** Longest icon accepted, in characters. Real wallet icons are a few KB. */
export const MAX_ICON_LENGTH = 256_000
/** Longest wallet name accepted, after trimming. */
export const MAX_WALLET_NAME_LENGTH = 64

const isImageUrl = (icon: string) => safeImageUrl(icon) !== undefined
const ICON_RULE = 'must be a data:image/..., https or loopback http URL'

/** The fields of a wallet that decide whether (and how) it is listed. */
export const walletInfoSchema = z.object({
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
  chains: z
    .array(z.string())
    .check(z.refine((chains) => chains.some((c) => c.startsWith('solana:')), 'must include a solana: chain')),
  features: z
    .array(z.string())
    .check(z.refine((features) => features.includes(STANDARD_CONNECT), `must include ${STANDARD_CONNECT}`)),
})

/** A wallet's validated name, icon, chains and feature names. */
export type WalletInfo = z.output<typeof walletInfoSchema>

/**
 * Reads and checks a wallet's public fields; throws a ValidationError naming each bad
 * field, e.g. `Wallet Standard wallet: icon: must be a data:image/..., https or loopback http URL`. The
 * wallet itself is not copied: calls go to the registered object.
 *
 * @example
 * const { name, icon } = parseWalletInfo(wallet)
 */
export function parseWalletInfo(wallet: StandardWallet): WalletInfo {
  let snapshot: unknown
  try {
    const features = wallet.features
    snapshot = {
      name: wallet.name,
      icon: wallet.icon,
      chains: Array.isArray(wallet.chains) ? [...wallet.chains] : wallet.chains,
      features:
        features && typeof features === 'object'
          ? Object.keys(features).filter((name) => {
              const feature = (features as Record<string, unknown>)[name]
              return typeof feature === 'object' && feature !== null
            })
          : features,
    }
  } catch (error) {
    // A getter that throws is as bad as a missing field.
    snapshot = { error }
  }
  return parseWith(walletInfoSchema, snapshot, 'Wallet Standard wallet')
}

/**
 * The connector id of a wallet: `solana:` and its name as a slug, so the same wallet gets
 * the same id on every page load (recent wallets and silent reconnect rely on that) and
 * never collides with an EIP-6963 rdns.
 *
 * @example
 * walletConnectorId('Latch Dev Solana') // 'solana:latch-dev-solana'
 */
export function walletConnectorId(name: string): string {
  const slug = name
    .normalize('NFKD')
    // NFKD splits 'ü' into 'u' and a combining mark; drop the marks, keep the letters.
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return `solana:${slug || 'wallet'}`
}
