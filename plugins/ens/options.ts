import { ConfigError } from 'latchkit'
import { DEFAULT_ENS_SETTINGS, type EnsSettings } from './state'

/** What `ens(options)` takes. */
export interface EnsOptions {
  /** The zone names are registered under: a label `alice` becomes `alice.<zone>`. Default 'latch.id'. */
  zone?: string
  /** How long after the last keystroke name suggestions are asked, in ms. Default 300. */
  suggestionDebounceMs?: number
}

/**
 * The settings the options make, defaults filled in, or a ConfigError naming the wrong one.
 *
 * @example
 * settingsOf({ zone: 'latch.id' }).suggestionDebounceMs // 300
 */
export function settingsOf(options: EnsOptions): EnsSettings {
  const {
    zone = DEFAULT_ENS_SETTINGS.zone,
    suggestionDebounceMs = DEFAULT_ENS_SETTINGS.suggestionDebounceMs,
  } = options
  const fail = (details: string) => {
    throw new ConfigError('Invalid ens options', { code: 'INVALID_OPTIONS', details })
  }
  if (typeof zone !== 'string' || !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(zone)) {
    fail(`zone must be a domain in lower case such as 'latch.id', not '${String(zone).slice(0, 40)}'`)
  }
  if (!(Number.isFinite(suggestionDebounceMs) && suggestionDebounceMs >= 0)) {
    fail('suggestionDebounceMs must be a number of ms')
  }
  return { zone, suggestionDebounceMs }
}
