/**
 * The API for a visitor's region. Some apps serve visitors in mainland China, Hong Kong and
 * Macau from another API host, as AppKit does: the visitor's region is read from the time
 * zone the browser reports. A function the app calls before `createKernel`, so an app that
 * does not call it carries none of it.
 */
import type { KernelOptions } from './kernelTypes'

/** The time zones counted as restricted regions unless the app names its own. */
export const RESTRICTED_TIME_ZONES: readonly string[] = Object.freeze([
  'Asia/Shanghai',
  'Asia/Urumqi',
  'Asia/Chongqing',
  'Asia/Harbin',
  'Asia/Kashgar',
  'Asia/Macau',
  'Asia/Hong_Kong',
  'Asia/Macao',
  'Asia/Beijing',
])

/** What `createKernel`'s `api` option takes. */
export type ApiOptions = NonNullable<KernelOptions['api']>

export interface RegionalApiOptions {
  /** The API everywhere else. */
  api: ApiOptions
  /** What replaces it for a visitor in a restricted region, field by field (e.g. only `blockchainUrl`). */
  restricted: Partial<ApiOptions>
  /** The restricted time zones. Default {@link RESTRICTED_TIME_ZONES}. */
  timeZones?: readonly string[]
  /** The visitor's time zone. Default the browser's (`Intl.DateTimeFormat().resolvedOptions().timeZone`). */
  timeZone?: string
}

/** The browser's time zone, or undefined where Intl cannot say. */
function visitorTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone
  } catch {
    return undefined
  }
}

/**
 * The `api` option for this visitor: `restricted` laid over `api` when the visitor's time
 * zone is one of `timeZones`, `api` as given otherwise.
 *
 * @example
 * createKernel({
 *   projectId,
 *   networks,
 *   api: regionalApi({
 *     api: { blockchainUrl: 'https://api.app.example' },
 *     restricted: { blockchainUrl: 'https://api.app.example.cn' },
 *   }),
 * })
 */
export function regionalApi(options: RegionalApiOptions): ApiOptions {
  const zone = options.timeZone ?? visitorTimeZone()
  const restricted = zone !== undefined && (options.timeZones ?? RESTRICTED_TIME_ZONES).includes(zone)
  return restricted ? { ...options.api, ...options.restricted } : options.api
}
