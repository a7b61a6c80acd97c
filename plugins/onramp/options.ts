import { ConfigError } from 'latchkit'
import { DEFAULT_ONRAMP_SETTINGS, type OnrampSettings } from './state'

/** What `onramp(options)` takes. */
export interface OnrampPluginOptions {
  /** Amounts offered as one-click buttons, in the payment currency. Default [50, 100, 250]. */
  presets?: readonly number[]
  /** How long a purchase may stay in progress before it is reported as failed, in ms. Default 15 minutes. */
  timeoutMs?: number
}

/**
 * The settings the options make, defaults filled in, or a ConfigError naming the one that
 * is wrong.
 *
 * @example
 * checkOptions({ presets: [20, 50] }).timeoutMs // 15 minutes
 */
export function checkOptions(options: OnrampPluginOptions): OnrampSettings {
  const { presets, timeoutMs } = options
  if (presets && !presets.every((amount) => Number.isFinite(amount) && amount > 0)) {
    throw new ConfigError('Invalid onramp options', {
      code: 'INVALID_OPTIONS',
      details: 'presets must be amounts above 0',
    })
  }
  if (timeoutMs !== undefined && !(Number.isFinite(timeoutMs) && timeoutMs > 0)) {
    throw new ConfigError('Invalid onramp options', {
      code: 'INVALID_OPTIONS',
      details: 'timeoutMs must be above 0',
    })
  }
  return {
    presets: presets ?? DEFAULT_ONRAMP_SETTINGS.presets,
    timeoutMs: timeoutMs ?? DEFAULT_ONRAMP_SETTINGS.timeoutMs,
  }
}
