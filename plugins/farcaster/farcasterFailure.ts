import { LatchError } from 'latchkit'
import type { FarcasterErrorCode } from './messages'

type Translate = (key: string, values?: Record<string, string | number>) => string

/** The frame's and the service's codes for the same two outcomes the view names. */
const CODES: Record<string, FarcasterErrorCode> = {
  farcaster_timeout: 'FARCASTER_EXPIRED',
  FARCASTER_FLOW_EXPIRED: 'FARCASTER_EXPIRED',
  FARCASTER_NOT_CUSTODY: 'FARCASTER_NOT_CUSTODY',
  // The service was not configured with Farcaster (501): an absence, said as one.
  FARCASTER_NOT_CONFIGURED: 'FARCASTER_NOT_CONFIGURED',
}

/**
 * What the view says about a failed sign-in: an expired request, a signature by the
 * wrong key and a service without Farcaster login in the locale, any other of the frame's messages as it wrote it, else
 * `fallback`.
 *
 * @example
 * setMessage(farcasterFailure(error, t, t('farcaster.failed')))
 */
/**
 * Whether the failure says the wallet service has no Farcaster login (its 501
 * FARCASTER_NOT_CONFIGURED), which trying again cannot change.
 */
export function farcasterNotServed(error: unknown): boolean {
  return error instanceof LatchError && error.code === 'FARCASTER_NOT_CONFIGURED'
}

export function farcasterFailure(error: unknown, t: Translate, fallback: string): string {
  if (!(error instanceof LatchError)) return fallback
  const known = CODES[String(error.code)]
  if (known) return t(`farcaster.error.${known}`)
  return error.shortMessage || fallback
}
