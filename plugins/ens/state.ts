import type { CaipNetworkId } from 'latchkit'

/** The names plugin's options, with their defaults applied. */
export interface EnsSettings {
  /** The zone names are registered under: a label `alice` becomes `alice.<zone>`. */
  zone: string
  /** How long after the last keystroke suggestions are asked, in ms. */
  suggestionDebounceMs: number
}

export const DEFAULT_ENS_SETTINGS: EnsSettings = { zone: 'latch.id', suggestionDebounceMs: 300 }

/** The names plugin's slice: its settings (the register view reads them). */
export interface EnsState {
  settings: EnsSettings
}

/**
 * The state a fresh kernel starts with (before the plugin's options apply).
 *
 * @example
 * definePlugin({ id: ENS_PLUGIN_ID, initialState: initialEnsState, setup })
 */
export function initialEnsState(): EnsState {
  return { settings: DEFAULT_ENS_SETTINGS }
}

/** A name the API suggests for what was typed, free or taken. */
export interface NameSuggestion {
  /** The whole name, zone included: `alice.latch.id`. */
  name: string
  registered: boolean
}

/** What `GET /v1/identity/{address}` says of an account: its name and avatar, when it has them. */
export interface Identity {
  name: string | undefined
  avatar: string | undefined
}

declare module 'latchkit' {
  interface KernelEvents {
    /** A name was registered for `address` with the RegisterAccountName view (or `registerAccountName`). */
    'ens:registered': { name: string; address: string; caipNetworkId: CaipNetworkId }
  }
}
