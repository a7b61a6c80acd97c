import { LatchError } from 'latchkit'
import type { FarcasterErrorCode } from './messages'

type Translate = (key: string, values?: Record<string, string | number>) => string

/** The frame's and the service's codes for the same two outcomes the view names. */
const CODES: Record<string, FarcasterErrorCode> = {
  farcaster_timeout: 'FARCASTER_EXPIRED',
  FARCASTER_FLOW_EXPIRED: 'FARCASTER_EXPIRED',
  FARCASTER_NOT_CUSTODY: 'FARCASTER_NOT_CUSTODY',
}

/**
 * What the view says about a failed sign-in: an expired request and a signature by the
 * wrong key in the locale, any other of the frame's messages as it wrote it, else
 * `fallback`.
 *
 * @example
 * setMessage(farcasterFailure(error, t, t('farcaster.failed')))
 */
export function farcasterFailure(error: unknown, t: Translate, fallback: string): string {
  if (!(error instanceof LatchError)) return fallback
  const known = CODES[String(error.code)]
  if (known) return t(`farcaster.error.${known}`)
  return error.shortMessage || fallback
}
